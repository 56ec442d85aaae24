import { safeFetch, SafeFetchError, type SafeFetchResult } from "@/server/http/safe-fetch/fetch";
import { env } from "@/server/config/env";

/** The import's fetching rules: docs/creators.md#fetching-other-peoples-addresses (IMPORT_ALLOWED_PRIVATE_HOSTS for tests). */
export function importFetch(url: string, maxBytes?: number): Promise<SafeFetchResult> {
  const allowed = env.IMPORT_ALLOWED_PRIVATE_HOSTS?.split(",").map((entry) => entry.trim().toLowerCase());
  return safeFetch(url, {
    allowedPrivateHosts: allowed,
    maxBytes,
    headers: { accept: "text/html,application/xhtml+xml,image/*;q=0.8,*/*;q=0.5" },
  });
}

const REASONS: Record<SafeFetchError["reason"], string> = {
  invalid_url: "Enter a web address such as https://linktr.ee/name",
  scheme: "Only http and https addresses can be imported",
  private_address: "This address is not on the public internet, so it is not fetched",
  dns: "This address could not be found",
  connect: "The page's server could not be reached",
  too_many_redirects: "The page redirects too many times (at most 3)",
  timeout: "The page did not answer within 5 seconds",
  too_large: "The page is larger than 2 MB",
  status: "The page could not be loaded",
};

/** A failed fetch in the creator's words. */
export function fetchFailureMessage(error: SafeFetchError): string {
  return error.reason === "status" ? `${REASONS.status} (the server answered ${error.status})` : REASONS[error.reason];
}
