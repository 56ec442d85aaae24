import { clickLinkId, publicPageSlug, shareImagePath } from "@/server/public-page/routes";

const SEGMENT = /^[a-z0-9.-]{1,40}$/;

function withRest(prefix: string, segment: string | undefined, more: boolean): string {
  if (segment === undefined || segment === "") return prefix;
  return `${prefix}/${SEGMENT.test(segment) ? segment : ":other"}${more ? "/*" : ""}`;
}

/**
 * The route a request took, as a pattern with few possible values (a metric label and a log field):
 * never the raw path, since slugs, ids and made-up paths would each make a series of their own.
 * Anything answered 404 is "(unmatched)", so a client inventing paths adds no series.
 */
export function routePattern(pathname: string, status: number, customDomain: boolean): string {
  if (customDomain) return "(custom domain)";
  if (status === 404) return "(unmatched)";
  if (pathname === "/") return "/";
  if (pathname.startsWith("/_next/")) return "/_next/*";
  if (pathname.startsWith("/_lb/")) return "/_lb/*";
  if (clickLinkId(pathname)) return "/api/v1/links/:id/click";
  const parts = pathname.split("/");
  if (parts[1] === "api") {
    if (parts[2] === "trpc") return "/api/trpc";
    if (parts[2] === "assets") return "/api/assets/:id";
    if (parts[2] === "auth") return "/api/auth/*";
    if (parts[2] === "v1") return withRest("/api/v1", parts[3], parts.length > 4 && parts[4] !== "");
    return withRest("/api", parts[2], parts.length > 3);
  }
  const image = shareImagePath(pathname);
  if (image) return parts[1] === "u" ? "/u/:slug/og.png" : "/:slug/og.png";
  if (publicPageSlug(pathname)) return parts[1] === "u" ? "/u/:slug" : "/:slug";
  return withRest("", parts[1], parts.length > 2 && parts[2] !== "");
}

/** Files the browser fetches beside a page: counted in the metrics, never logged one by one. */
export function isAssetPath(pathname: string): boolean {
  return (
    pathname.startsWith("/_next/") ||
    pathname.startsWith("/_lb/") ||
    pathname.startsWith("/api/assets/") ||
    pathname === "/favicon.ico" ||
    pathname.startsWith("/icon") ||
    pathname.startsWith("/apple-icon")
  );
}
