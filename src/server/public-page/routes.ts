import { servedAtTopLevel } from "@/lib/share/page-path";
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from "@/server/services/audience/links";

// Built once: the bundle writes a \p{...} literal as `new RegExp(...)`, which in a function ran per request.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * The slug a path addresses as a public page, or null when it is not one. Everything under /u/
 * is a page (an impossible slug is simply not found) unless it holds a control character, which
 * no database lookup may see (it goes to Next, which sends it to /404); /{slug} shares the top
 * level with the app's own pages, so only a well-formed, unreserved slug is taken there.
 */
export function publicPageSlug(pathname: string): string | null {
  const match = /^\/(u\/)?([^/]{1,100})\/?$/.exec(pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]!).toLowerCase();
  } catch {
    return null;
  }
  if (match[1]) return CONTROL_CHARACTER.test(slug) ? null : slug;
  return servedAtTopLevel(slug) ? slug : null;
}

/** Where a page's sign-up form posts on the app's host (a custom domain's posts to /subscribe). */
export const signupFormPath = (slug: string) => `/u/${encodeURIComponent(slug)}/subscribe`;

/** The slug of a sign-up form's POST path, or null when the path is not one. */
export function signupFormSlug(pathname: string): string | null {
  const match = /^\/u\/([^/]{1,100})\/subscribe\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const slug = decodeURIComponent(match[1]!).toLowerCase();
    return CONTROL_CHARACTER.test(slug) ? null : slug;
  } catch {
    return null;
  }
}

/** The page a subscriber's email link opens (confirm or unsubscribe), or null. */
export function subscriptionPageOf(pathname: string): "confirm" | "unsubscribe" | null {
  const path = pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return path === CONFIRM_PATH ? "confirm" : path === UNSUBSCRIBE_PATH ? "unsubscribe" : null;
}

/** The click beacon carries only a referrer. */
export const CLICK_BODY_LIMIT = 4 * 1024;

/** The link id of POST /api/v1/links/{id}/click (with or without the trailing slash). */
export function clickLinkId(pathname: string): string | null {
  return /^\/api\/v1\/links\/([A-Za-z0-9_-]{1,40})\/click\/?$/.exec(pathname)?.[1] ?? null;
}

/**
 * A share image path: /u/{anything}/og.png is always ours (`slug` null when it names no possible
 * page, answered 404), /{slug}/og.png only for a well-formed, unreserved slug. Null for other paths.
 */
export function shareImagePath(pathname: string): { slug: string | null } | null {
  const match = /^\/(u\/)?([^/]{1,100})\/og\.png$/.exec(pathname);
  if (!match) return null;
  const slug = servedAtTopLevel(match[2]!) ? match[2]! : null;
  if (match[1]) return { slug };
  return slug ? { slug } : null;
}

/** What a custom domain serves: its page at /, that page's share image, assets and beacon; nothing else. */
export type CustomDomainRoute =
  | { kind: "page" | "share-image" | "static" | "favicon" | "signup" | "not-found" }
  | { kind: "click"; linkId: string }
  | { kind: "asset"; assetId: string };

export function customDomainRoute(method: string, pathname: string): CustomDomainRoute {
  const linkId = clickLinkId(pathname);
  if (linkId) return { kind: "click", linkId };
  if (pathname === "/subscribe" || pathname === "/subscribe/") return { kind: "signup" };
  if (method !== "GET" && method !== "HEAD") return { kind: "not-found" };
  if (pathname === "/") return { kind: "page" };
  if (pathname === "/og.png") return { kind: "share-image" };
  if (pathname === "/favicon.ico") return { kind: "favicon" };
  if (pathname.startsWith("/_lb/")) return { kind: "static" };
  const assetId = /^\/api\/assets\/([a-f0-9]{64})$/.exec(pathname)?.[1];
  return assetId ? { kind: "asset", assetId } : { kind: "not-found" };
}

/** GET /api/v1/domains/allowed/ (Caddy's on-demand TLS `ask`), with or without the trailing slash. */
export const isAllowedDomainPath = (pathname: string) => pathname === "/api/v1/domains/allowed/" || pathname === "/api/v1/domains/allowed";

/** What a visitor can reach on the app's host; "none" goes on to the web app. */
export type AppHostRoute =
  | { kind: "allowed-domain" | "static" | "next-static" | "favicon" | "robots" | "sitemap" | "none" }
  | { kind: "click"; linkId: string }
  | { kind: "signup-form"; slug: string }
  | { kind: "subscription"; page: "confirm" | "unsubscribe" }
  | { kind: "share-image"; slug: string | null }
  | { kind: "page"; slug: string };

export function appHostRoute(method: string, pathname: string): AppHostRoute {
  if (isAllowedDomainPath(pathname)) return { kind: "allowed-domain" };
  const linkId = clickLinkId(pathname);
  if (linkId) return { kind: "click", linkId };
  const signupSlug = signupFormSlug(pathname);
  if (signupSlug !== null) return { kind: "signup-form", slug: signupSlug };
  const subscription = subscriptionPageOf(pathname);
  if (subscription) return { kind: "subscription", page: subscription };
  if (method !== "GET" && method !== "HEAD") return { kind: "none" };
  if (pathname.startsWith("/_lb/")) return { kind: "static" };
  if (pathname.startsWith("/_next/static/")) return { kind: "next-static" };
  if (pathname === "/favicon.ico") return { kind: "favicon" };
  if (pathname === "/robots.txt") return { kind: "robots" };
  if (pathname === "/sitemap.xml") return { kind: "sitemap" };
  const image = shareImagePath(pathname);
  if (image) return { kind: "share-image", slug: image.slug };
  const slug = publicPageSlug(pathname);
  return slug ? { kind: "page", slug } : { kind: "none" };
}
