import type { IncomingMessage, ServerResponse } from "node:http";
import { hasSessionCookie } from "@/server/auth/session-cookie";
import { hostOfHeader } from "@/lib/domains/normalize-domain";
import { counts } from "@/server/metrics/counts";
import { arrivalOf } from "@/server/services/analytics/arrival";
import { countPageView } from "@/server/services/analytics/ingest";
import { servedDomain, servedDomainsLoading } from "@/server/services/domains/served-domains";
import { RETRY_LATER, unlessDatabaseDown } from "./answers";
import { cachedPage, finishPage, type CachedPage } from "./page-cache";
import { buildHeads, cachedHeads, type PageHeads } from "./page-heads";
import { publicPageSlug } from "./routes";
import { viewerId } from "./viewer";
import { visitOf } from "./visit";
import { renderPage, visitorPage, type PageSite } from "./visitor-page";

/** GET /{slug} and /u/{slug}: a public page, from the cache when a visitor asks. */

/** Writes the page with its prebuilt heads: 304 when the visitor holds this version, gzip when accepted. */
function send(request: IncomingMessage, response: ServerResponse, page: CachedPage, heads: PageHeads, cacheable = true): void {
  // Any site may frame a public page (its policy says frame-ancestors *), unlike the app's answers.
  response.removeHeader("x-frame-options");
  if (cacheable && request.headers["if-none-match"] === page.etag) {
    response.writeHead(304, heads.notModified).end();
    return;
  }
  const gzip = acceptsGzip(request);
  response
    .writeHead(page.status, gzip ? heads.gzip : heads.plain)
    .end(request.method === "HEAD" ? undefined : gzip ? page.gzipped : page.html);
}

function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers["accept-encoding"];
  return accepted !== undefined && /\bgzip\b/.test(accepted);
}

/** Counts the view of a visible page, without waiting (countPageView logs its own failures). */
function countView(request: IncomingMessage, page: CachedPage, viewer: string | null): void {
  if (!page.countsViews || !page.profileId) return;
  const referrer = typeof request.headers.referer === "string" ? request.headers.referer : null;
  const url = request.url ?? "";
  const query = url.indexOf("?");
  countPageView(page.profileId, visitOf(request, viewer, referrer, query >= 0 ? arrivalOf(url.slice(query + 1)) : undefined));
}

/**
 * The visitor's hot path, synchronous: a GET or HEAD without a body or session cookie for a page in
 * the cache is answered at once with the heads built with the page (`https` adds HSTS). Returns
 * false for anything else, which the caller passes on as usual.
 */
export function serveCachedPage(request: IncomingMessage, response: ServerResponse, https: boolean): boolean {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const headers = request.headers;
  // A custom domain serves its own routes only (serve-custom-domain.ts); until the domains are known, nothing is assumed.
  if (servedDomainsLoading() !== null || servedDomain(hostOfHeader(headers.host))) return false;
  if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined || hasSessionCookie(headers.cookie))
    return false;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const slug = publicPageSlug(query < 0 ? url : url.slice(0, query));
  const page = slug === null ? undefined : cachedPage(slug);
  if (!page) return false;
  send(request, response, page, cachedHeads(page, https));
  countView(request, page, null);
  counts.pageCacheHits += 1;
  return true;
}

/** A visitor's page; one not cached while the database is unreachable asks them to come back shortly. */
export function servePublicPage(request: IncomingMessage, response: ServerResponse, slug: string, site?: PageSite): Promise<void> {
  return unlessDatabaseDown(
    response,
    () => servePublicPageFromDatabase(request, response, slug, site),
    () =>
      response
        .writeHead(503, { "content-type": "text/plain; charset=utf-8", ...RETRY_LATER })
        .end("This page is temporarily unavailable. Please try again in a few seconds."),
  );
}

/** On a custom domain (`site`) the app's cookies are never read, so everyone gets the visitor's page. */
async function servePublicPageFromDatabase(
  request: IncomingMessage,
  response: ServerResponse,
  slug: string,
  site?: PageSite,
): Promise<void> {
  const viewer = !site && hasSessionCookie(request.headers.cookie) ? await viewerId(request) : null;
  const page = await visitorPage(slug, site);
  if (viewer && viewer === page.ownerId) {
    // The owner sees their page even when private, fresh, and their visit is not counted.
    const own = finishPage(await renderPage(slug, viewer));
    send(request, response, own, buildHeads(own, false, false), false);
    return;
  }
  send(request, response, page, cachedHeads(page, false));
  countView(request, page, viewer);
}
