import { appOrigin } from "@/server/config/app-origin";

/** A page's public address on the configured origin, as Copy Link gives it. */
export function pageAddressOf(slug: string): string {
  return `${appOrigin()}/u/${slug}`;
}

/**
 * The origin of a creator's own domain: the app's scheme and port (Caddy serves both the same way),
 * the creator's host.
 */
export function customDomainOrigin(domain: string): string {
  const url = new URL(appOrigin());
  url.hostname = domain;
  return url.origin;
}

/** The page's address: its active custom domain's root while it has one, else the app's /u/{slug}. */
export function pageAddressWithDomain(slug: string, activeDomain: string | null | undefined): string {
  return activeDomain ? `${customDomainOrigin(activeDomain)}/` : pageAddressOf(slug);
}
