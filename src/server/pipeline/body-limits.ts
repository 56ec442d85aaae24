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

/** Whether the request looks signed in at all: a cheap test before the credentials are checked. */
function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  return /^bearer\s/i.test(headers.authorization ?? "") || (headers.cookie ?? "").includes("next-auth.session-token");
}

/** Whether the request's bearer token or session cookie names a live session (checked as the API will). */
async function authenticated(headers: IncomingHttpHeaders): Promise<boolean> {
  const [{ getDatabase }, { verifyAccessToken }, { webSessionFrom }] = await Promise.all([
    import("@/server/db/client"),
    import("@/server/services/auth/tokens"),
    import("@/server/auth/web-session"),
  ]);
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")?.[1];
  if (bearer) return (await verifyAccessToken(getDatabase().prisma, bearer)) !== null;
  const web = new Headers();
  for (const name of ["cookie", "x-forwarded-proto"]) {
    const value = headers[name];
    if (typeof value === "string") web.set(name, value);
  }
  return (await webSessionFrom(web, getDatabase().prisma)) !== null;
}

/** Larger bodies only for signed-in requests, checked before the larger limit applies: a guest's upload is refused anyway. */
async function signedInLimit(limit: number, headers: IncomingHttpHeaders): Promise<number> {
  if (limit <= DEFAULT_BODY_LIMIT || !carriesCredentials(headers)) return Math.min(limit, DEFAULT_BODY_LIMIT);
  return (await authenticated(headers)) ? limit : DEFAULT_BODY_LIMIT;
}

function trpcLimit(pathname: string, headers: IncomingHttpHeaders): number | Promise<number> {
  if (!carriesCredentials(headers)) return DEFAULT_BODY_LIMIT;
  const procedures = decodeURIComponent(pathname.slice("/api/trpc/".length)).split(",");
  return Promise.resolve(withApiLimits((limits) => limits.trpc(procedures))).then((limit) => signedInLimit(limit, headers));
}

function restLimit(method: string, pathname: string, headers: IncomingHttpHeaders): number | Promise<number> {
  const segments = pathname.slice(API_ROOT.length).split("/").filter(Boolean).map(decodeURIComponent);
  if (!carriesCredentials(headers)) return withApiLimits((limits) => Math.min(limits.rest(method, segments), DEFAULT_BODY_LIMIT));
  return Promise.resolve(withApiLimits((limits) => limits.rest(method, segments))).then((limit) => signedInLimit(limit, headers));
}

/**
 * The most bytes a request to this path may send (the table of body limits in docs/accounts.md): REST calls
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
