import type { IncomingHttpHeaders } from "node:http";
import { API_ROOT, DEFAULT_BODY_LIMIT } from "@/lib/openapi/operations";
import { CLICK_BODY_LIMIT, clickLinkId } from "@/server/public-page/routes";

const KB = 1024;

/** next-auth's sign-in, sign-out and callback forms are a few fields each. */
const AUTH_BODY_LIMIT = 64 * KB;
/** Pages and every other route take no body (the app has no server actions). */
const OTHER_BODY_LIMIT = 64 * KB;

interface ApiLimits {
  trpc: (procedures: Iterable<string>) => number;
  rest: (method: string, segments: string[]) => number;
}

// The limits the procedures declare are read off the router, which loads every router and service:
// done on the first API call that needs them, never on a visitor's path.
let apiLimits: ApiLimits | null = null;
let loadingApiLimits: Promise<ApiLimits> | null = null;

function loadApiLimits(): Promise<ApiLimits> {
  loadingApiLimits ??= Promise.all([import("@/server/api/body-limits"), import("@/server/rest/body-limit")]).then(
    ([api, rest]) => (apiLimits = { trpc: api.trpcBodyLimit, rest: rest.restBodyLimit }),
  );
  return loadingApiLimits;
}

function withApiLimits(read: (limits: ApiLimits) => number): number | Promise<number> {
  return apiLimits ? read(apiLimits) : loadApiLimits().then(read);
}

/** Larger bodies only for requests that carry credentials: a guest's upload is refused anyway. */
function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  return /^bearer\s/i.test(headers.authorization ?? "") || (headers.cookie ?? "").includes("next-auth.session-token");
}

function trpcLimit(pathname: string, headers: IncomingHttpHeaders): number | Promise<number> {
  if (!carriesCredentials(headers)) return DEFAULT_BODY_LIMIT;
  const procedures = decodeURIComponent(pathname.slice("/api/trpc/".length)).split(",");
  return withApiLimits((limits) => limits.trpc(procedures));
}

function restLimit(method: string, pathname: string, headers: IncomingHttpHeaders): number | Promise<number> {
  const segments = pathname.slice(API_ROOT.length).split("/").filter(Boolean).map(decodeURIComponent);
  return withApiLimits((limits) => {
    const limit = limits.rest(method, segments);
    return carriesCredentials(headers) ? limit : Math.min(limit, DEFAULT_BODY_LIMIT);
  });
}

/**
 * The most bytes a request to this path may send (see the README's table of limits): REST calls
 * as documented per call, tRPC batches by the procedures they name, next-auth and pages small.
 * A promise only until the procedures' declared limits are first loaded. `pathname` must be
 * decodable (malformed paths are answered before this).
 */
export function bodyLimitFor(method: string, pathname: string, headers: IncomingHttpHeaders): number | Promise<number> {
  if (clickLinkId(pathname)) return CLICK_BODY_LIMIT;
  if (pathname.startsWith("/api/trpc/")) return trpcLimit(pathname, headers);
  if (pathname === API_ROOT || pathname.startsWith(`${API_ROOT}/`)) return restLimit(method, pathname, headers);
  if (pathname.startsWith("/api/auth/")) return AUTH_BODY_LIMIT;
  return OTHER_BODY_LIMIT;
}
