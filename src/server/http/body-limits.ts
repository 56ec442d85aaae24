import type { IncomingHttpHeaders } from "node:http";
import { API_ROOT } from "@/lib/openapi/document";
import { DEFAULT_BODY_LIMIT, type HttpMethod, type OperationSpec } from "@/lib/openapi/operations";
import { clickLinkId } from "@/server/public-page/routes";
import { matchPath } from "@/server/rest/match";
import { operations } from "@/server/rest/operations";
import { UPLOAD_RULES, type UploadPurpose } from "@/server/services/assets/assets";

const KB = 1024;
const MB = 1024 * KB;

/** next-auth's sign-in, sign-out and callback forms are a few fields each. */
export const AUTH_BODY_LIMIT = 64 * KB;
/** Pages and every other route take no body (the app has no server actions). */
export const OTHER_BODY_LIMIT = 64 * KB;
/** The click beacon carries only a referrer. */
export const CLICK_BODY_LIMIT = 4 * KB;

/** Room for a data URL of `bytes` (base64 grows by a third) plus its `data:…;base64,` prefix. */
function dataUrlRoom(bytes: number): number {
  return Math.ceil(bytes / 3) * 4 + KB;
}

/**
 * tRPC procedures whose input carries uploads as data URLs, with room for the largest files they
 * accept at once; every other procedure in a batch shares DEFAULT_BODY_LIMIT.
 */
const TRPC_UPLOADS: Record<string, UploadPurpose[]> = {
  "design.save": ["background", "music"],
  "profile.updateMe": ["avatar"],
  "profile.update": ["avatar"],
};

function uploadRoom(procedure: string): number {
  return (TRPC_UPLOADS[procedure] ?? []).reduce((room, purpose) => room + dataUrlRoom(UPLOAD_RULES[purpose].maxBytes), 0);
}

/** Larger bodies only for requests that carry credentials: a guest's upload is refused anyway. */
function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  return /^bearer\s/i.test(headers.authorization ?? "") || (headers.cookie ?? "").includes("next-auth.session-token");
}

function trpcLimit(pathname: string, headers: IncomingHttpHeaders): number {
  if (!carriesCredentials(headers)) return DEFAULT_BODY_LIMIT;
  const procedures = new Set(decodeURIComponent(pathname.slice("/api/trpc/".length)).split(","));
  let limit = DEFAULT_BODY_LIMIT;
  for (const procedure of procedures) limit += uploadRoom(procedure);
  return limit;
}

function restLimit(method: string, pathname: string, headers: IncomingHttpHeaders): number {
  const segments = pathname.slice(API_ROOT.length).split("/").filter(Boolean).map(decodeURIComponent);
  const id = matchPath(segments)?.template.methods.get(method as HttpMethod);
  const operation: OperationSpec | undefined = id ? operations[id] : undefined;
  const limit = operation?.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  return carriesCredentials(headers) ? limit : Math.min(limit, DEFAULT_BODY_LIMIT);
}

/**
 * The most bytes a request to this path may send (see the README's table of limits): REST calls
 * as documented per call, tRPC batches by the procedures they name, next-auth and pages small.
 * `pathname` must be decodable (malformed paths are answered before this).
 */
export function bodyLimitFor(method: string, pathname: string, headers: IncomingHttpHeaders): number {
  if (clickLinkId(pathname)) return CLICK_BODY_LIMIT;
  if (pathname.startsWith("/api/trpc/")) return trpcLimit(pathname, headers);
  if (pathname === API_ROOT || pathname.startsWith(`${API_ROOT}/`)) return restLimit(method, pathname, headers);
  if (pathname.startsWith("/api/auth/")) return AUTH_BODY_LIMIT;
  return OTHER_BODY_LIMIT;
}

function sizeText(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

/** The 413 message, the same wherever a body is refused. */
export function tooLargeDetail(limit: number): string {
  return `Request body is too large (at most ${sizeText(limit)}).`;
}
