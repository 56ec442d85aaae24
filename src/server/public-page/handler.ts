import type { IncomingMessage, ServerResponse } from "node:http";
import { hasSessionCookie } from "@/server/auth/session-cookie";
import { appOrigin } from "@/server/config/app-origin";
import { getDatabase } from "@/server/db/client";
import { clickInput } from "@/lib/openapi/schemas";
import type { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { corsHeaders, nodeHeaders, preflightHeaders } from "@/server/rest/cors";
import { arrivalOf, utmOfPage, type Arrival } from "@/server/services/analytics/arrival";
import { countPageView, recordClick, type VisitContext } from "@/server/services/analytics/ingest";
import { loadPublicProfile } from "@/server/services/public-profile";
import { findAsset } from "@/server/services/assets/assets";
import { servedDomain, servedDomainsLoading, startServingDomains, type ServedDomain } from "@/server/services/domains/served-domains";
import { customDomainOrigin } from "@/server/services/share/page-address";
import { hostOfHeader } from "@/lib/domains/normalize-domain";
import { counts } from "@/server/metrics/counts";
import { limitMessage, takeAttempt } from "@/server/services/rate-limit/limits";
import { renderProfileDocument } from "./document";
import { buildHeads, cachedHeads, type PageHeads } from "./page-heads";
import { renderStatusDocument } from "./status-document";
import {
  cachedPage,
  CLICK_COUNTS_MAX_AGE_MS,
  finishPage,
  pageCacheKey,
  startRender,
  storePage,
  type CachedPage,
  type RenderedPage,
} from "./page-cache";
import {
  CLICK_BODY_LIMIT,
  clickLinkId,
  customDomainRoute,
  isAllowedDomainPath,
  publicPageSlug,
  shareImagePath,
  signupFormSlug,
} from "./routes";
import { serveSignupForm } from "./signup-form";
import { serveSubscriptionPage, subscriptionPageOf } from "./subscription-pages";
import { answerAllowedDomain } from "./allowed-domain";
import { serveRobots, serveSitemap } from "./search-engine-files";
import { shareImageOf } from "./share-image-cache";
import { faviconAsset, staticAsset } from "./static-assets";
import { carriesCredentials, viewerId } from "./viewer";

function clientAddress(request: IncomingMessage): string | null {
  return String(request.headers[CLIENT_IP_HEADER] ?? "") || null;
}

function visitOf(request: IncomingMessage, viewer: string | null, referrer: string | null, arrival?: Arrival): VisitContext {
  return {
    ip: clientAddress(request),
    userAgent: request.headers["user-agent"] ?? null,
    referrer,
    viaQrCode: arrival?.viaQrCode ?? false,
    utm: arrival?.utm,
    headers: request.headers,
    viewerUserId: viewer,
  };
}

/** Renders a slug's page as `viewer` sees it, its absolute addresses on `origin`; a visitor's version is what gets cached. */
async function renderPage(slug: string, viewer: string | null, origin = appOrigin()): Promise<RenderedPage> {
  const result = await loadPublicProfile(getDatabase().prisma, slug, viewer);
  if (result.status === "not_found") {
    return {
      status: 404,
      html: Buffer.from(renderStatusDocument("not_found")),
      profileId: null,
      ownerId: null,
      countsViews: false,
      indexable: false,
      expiresAt: null,
    };
  }
  if (result.status === "private") {
    const html = Buffer.from(renderStatusDocument("private"));
    return {
      status: 200,
      html,
      profileId: result.profileId,
      ownerId: result.ownerId,
      countsViews: false,
      indexable: false,
      expiresAt: null,
    };
  }
  const indexable = result.visibility === "public";
  const html = renderProfileDocument(result.data, { origin, indexable, ownDomain: origin !== appOrigin() });
  const showsClicks = result.data.links.some((link) => link.clicks !== null);
  const expiries = [showsClicks ? Date.now() + CLICK_COUNTS_MAX_AGE_MS : null, result.nextChangeAt?.getTime() ?? null].filter(
    (at) => at !== null,
  );
  const expiresAt = expiries.length > 0 ? Math.min(...expiries) : null;
  return {
    status: 200,
    html: Buffer.from(html),
    profileId: result.profileId,
    ownerId: result.ownerId,
    countsViews: true,
    indexable,
    expiresAt,
  };
}

/** Where a page is served: the app's host, or a custom domain with its own origin and cache entry. */
export interface PageSite {
  key: string;
  origin: string;
}

/** The cached visitor's page, or a fresh render kept unless an edit landed while it was rendered. */
async function visitorPage(slug: string, site: PageSite = { key: slug, origin: appOrigin() }): Promise<CachedPage> {
  const cached = cachedPage(site.key);
  if (cached) {
    counts.pageCacheHits += 1;
    return cached;
  }
  counts.pageCacheMisses += 1;
  const ticket = startRender();
  return storePage(site.key, await renderPage(slug, null, site.origin), ticket);
}

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
  // A custom domain serves its own routes only (handlePublicRequest); until the domains are known, nothing is assumed.
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

const RETRY_LATER = { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" };

/** Runs `serve`; when the database is unreachable and nothing was sent yet, answers 503 with Retry-After instead. */
async function unlessDatabaseDown(response: ServerResponse, serve: () => Promise<void>, unavailable: () => void): Promise<void> {
  try {
    await serve();
  } catch (error) {
    if (!isDatabaseUnavailable(error) || response.headersSent) throw error;
    unavailable();
  }
}

/** A visitor's page; one not cached while the database is unreachable asks them to come back shortly. */
function servePublicPage(request: IncomingMessage, response: ServerResponse, slug: string, site?: PageSite): Promise<void> {
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

const NOT_FOUND_TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

/** A visible page's 1200×630 share image (og:image), drawn once per page version, limited per client address; 404 for private or unknown pages. */
async function serveShareImage(request: IncomingMessage, response: ServerResponse, slug: string | null, site?: PageSite): Promise<void> {
  const wait = await takeAttempt("shareImage", clientAddress(request));
  if (wait > 0) {
    response
      .writeHead(429, { "content-type": "text/plain; charset=utf-8", "retry-after": String(wait), "cache-control": "no-store" })
      .end(request.method === "HEAD" ? undefined : limitMessage("shareImage", wait));
    return;
  }
  const page = slug ? await visitorPage(slug, site) : null;
  const owner = { profileId: page?.profileId ?? null, ownerId: page?.ownerId ?? null };
  const shownOn = site ? { key: site.key, address: `${site.origin}/` } : undefined;
  const image = slug && page?.countsViews ? await shareImageOf(slug, page.etag, owner, shownOn) : null;
  if (!image) {
    response.writeHead(404, NOT_FOUND_TEXT).end(request.method === "HEAD" ? undefined : "Not found");
    return;
  }
  const headers = {
    "content-type": "image/png",
    "cache-control": "public, no-cache",
    etag: image.etag,
    "x-content-type-options": "nosniff",
  };
  if (request.headers["if-none-match"] === image.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response
    .writeHead(200, { ...headers, "content-length": String(image.png.byteLength) })
    .end(request.method === "HEAD" ? undefined : image.png);
}

/** The small beacon body, or null past the limit; plain events, since this runs per click. */
function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= CLICK_BODY_LIMIT) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > CLICK_BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const CLICK_ALLOW = "POST, OPTIONS";

/**
 * POST /links/{id}/click/: answered only after the batch holding the click is committed. Browsers
 * on the origins in CORS_ORIGINS may call it too (a JSON beacon needs a preflight), as the REST API allows.
 */
async function serveClick(
  request: IncomingMessage,
  response: ServerResponse,
  linkId: string,
  site?: PageSite,
  slug?: string,
): Promise<void> {
  const headers = nodeHeaders(request.headers);
  if (request.method === "OPTIONS") {
    response.writeHead(204, { allow: CLICK_ALLOW, ...preflightHeaders(headers, ["POST"]) }).end();
    return;
  }
  if (headers.get("origin")) {
    for (const [name, value] of Object.entries(corsHeaders(headers))) response.setHeader(name, value);
  }
  if (request.method !== "POST") {
    response.setHeader("allow", CLICK_ALLOW);
    return json(response, 405, { detail: `Method "${request.method}" not allowed.`, code: "method_not_allowed" });
  }
  const retryAfterSeconds = await takeAttempt("click", clientAddress(request));
  if (retryAfterSeconds > 0) {
    response.setHeader("retry-after", String(retryAfterSeconds));
    return json(response, 429, { detail: limitMessage("click", retryAfterSeconds), code: "rate_limited" });
  }
  const body = await readBody(request);
  if (body === null) return json(response, 413, { detail: "Request body is too large.", code: "payload_too_large" });
  const click = parseClickBody(body);
  if ("detail" in click) return json(response, 400, click);
  // On a custom domain only the links its page shows are clicked, and the app's cookies are never read.
  if (site && slug && !(await visitorPage(slug, site)).html.includes(`data-link-id="${linkId}"`)) {
    return json(response, 404, { detail: "Link not found", code: "not_found" });
  }
  const viewer = !site && carriesCredentials(request) ? await viewerId(request) : null;
  // The beacon sends where the visitor came from and the page's address, whose utm_* the visitor
  // arrived with (an older script sent only the page's address, as referrer).
  const arrival = { viaQrCode: click.qr === true, utm: utmOfPage(click.page ?? click.referrer ?? null) };
  const { recorded, found } = await recordClick(linkId, visitOf(request, viewer, click.referrer || null, arrival));
  if (!found) return json(response, 404, { detail: "Link not found", code: "not_found" });
  response.writeHead(204, { "x-click-recorded": String(recorded) }).end();
}

/** The beacon body (empty when the body is), or the 400 answer's body: detail and each invalid field's messages. */
function parseClickBody(
  body: string,
): z.infer<typeof clickInput> | ({ detail: string; code: "validation_error" } & Record<string, string | string[]>) {
  if (!body.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { detail: "Request body must be JSON.", code: "validation_error" };
  }
  const result = clickInput.safeParse(parsed);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) if (typeof issue.path[0] === "string") (fields[issue.path[0]] ??= []).push(issue.message);
  return { ...fields, detail: result.error.issues[0]?.message ?? "Invalid input", code: "validation_error" };
}

const ASSET_HEADERS = { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" };

/** An uploaded file on a custom domain: only one its page shows (avatar, background, thumbnails, music). */
async function serveOwnAsset(
  request: IncomingMessage,
  response: ServerResponse,
  assetId: string,
  slug: string,
  site: PageSite,
): Promise<void> {
  const page = await visitorPage(slug, site);
  const asset = page.countsViews && page.html.includes(`/api/assets/${assetId}`) ? await findAsset(getDatabase().prisma, assetId) : null;
  if (!asset) return notFound(request, response);
  response
    .writeHead(200, { ...ASSET_HEADERS, "content-type": asset.mime, "content-length": String(asset.size) })
    .end(request.method === "HEAD" ? undefined : Buffer.from(asset.bytes));
}

function notFound(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(404, NOT_FOUND_TEXT).end(request.method === "HEAD" ? undefined : "Not found");
}

function serveStatic(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
  const asset = staticAsset(pathname, /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")));
  if (!asset) return false;
  response.writeHead(200, asset.headers).end(request.method === "HEAD" ? undefined : asset.body);
  return true;
}

function serveFavicon(request: IncomingMessage, response: ServerResponse): void {
  const icon = faviconAsset();
  response
    .writeHead(200, { ...icon.headers, "content-length": String(icon.body.byteLength) })
    .end(request.method === "HEAD" ? undefined : icon.body);
}

function clickUnavailable(response: ServerResponse): void {
  response
    .writeHead(503, { "content-type": "application/json", ...RETRY_LATER })
    .end(JSON.stringify({ detail: DATABASE_UNAVAILABLE_MESSAGE, code: "service_unavailable" }));
}

function imageUnavailable(response: ServerResponse): void {
  response.writeHead(503, { "content-type": "text/plain; charset=utf-8", ...RETRY_LATER }).end("Please try again in a few seconds.");
}

/**
 * A request to an active custom domain: its page at /, and only what that page loads (share image,
 * stylesheet, script, fonts, favicon, its own uploads, its links' beacon). Everything else is 404,
 * and nothing here reads or sets the app's cookies.
 */
async function serveCustomDomain(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  served: ServedDomain,
): Promise<void> {
  const site: PageSite = { key: pageCacheKey(served.slug, served.domain), origin: customDomainOrigin(served.domain) };
  const route = customDomainRoute(request.method!, pathname);
  switch (route.kind) {
    case "page":
      return servePublicPage(request, response, served.slug, site);
    case "click":
      return unlessDatabaseDown(
        response,
        () => serveClick(request, response, route.linkId, site, served.slug),
        () => clickUnavailable(response),
      );
    case "share-image":
      return unlessDatabaseDown(
        response,
        () => serveShareImage(request, response, served.slug, site),
        () => imageUnavailable(response),
      );
    case "asset":
      return unlessDatabaseDown(
        response,
        () => serveOwnAsset(request, response, route.assetId, served.slug, site),
        () => imageUnavailable(response),
      );
    case "signup":
      return unlessDatabaseDown(
        response,
        () => serveSignupForm(request, response, served.slug, `${site.origin}/`),
        () => imageUnavailable(response),
      );
    case "favicon":
      return serveFavicon(request, response);
    case "static":
      if (!serveStatic(request, response, pathname)) notFound(request, response);
      return;
    case "not-found":
      return notFound(request, response);
  }
}

/** Waits at most this long for the first read of the custom domains (only the first requests after start can wait). */
const DOMAINS_FIRST_LOAD_WAIT_MS = 5_000;

/** The active custom domain this request's Host names, if any. */
async function customDomainOf(request: IncomingMessage): Promise<ServedDomain | undefined> {
  startServingDomains(() => getDatabase().prisma);
  const loading = servedDomainsLoading();
  if (loading) await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, DOMAINS_FIRST_LOAD_WAIT_MS).unref())]);
  return servedDomain(hostOfHeader(request.headers.host));
}

/**
 * The visitor-facing hot paths, answered before Next: a custom domain's requests, public pages from
 * an in-memory cache, their stylesheet, script and fonts, the click beacon, and Caddy's `ask`.
 * Returns false for everything else.
 */
export async function handlePublicRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const pathname = (request.url ?? "/").split("?")[0]!;
  const served = await customDomainOf(request);
  if (served) {
    await serveCustomDomain(request, response, pathname, served);
    return true;
  }
  if (isAllowedDomainPath(pathname)) {
    answerAllowedDomain(request, response);
    return true;
  }
  const linkId = clickLinkId(pathname);
  if (linkId) {
    await unlessDatabaseDown(
      response,
      () => serveClick(request, response, linkId),
      () => clickUnavailable(response),
    );
    return true;
  }
  const signupSlug = signupFormSlug(pathname);
  const subscriptionPage = subscriptionPageOf(pathname);
  if (signupSlug !== null || subscriptionPage) {
    await unlessDatabaseDown(
      response,
      () =>
        signupSlug !== null ? serveSignupForm(request, response, signupSlug) : serveSubscriptionPage(request, response, subscriptionPage!),
      () => imageUnavailable(response),
    );
    return true;
  }
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (pathname.startsWith("/_lb/")) return serveStatic(request, response, pathname);
  if (pathname === "/favicon.ico") {
    serveFavicon(request, response);
    return true;
  }
  if (pathname === "/robots.txt") {
    serveRobots(request, response);
    return true;
  }
  if (pathname === "/sitemap.xml") {
    await unlessDatabaseDown(
      response,
      () => serveSitemap(request, response),
      () => imageUnavailable(response),
    );
    return true;
  }
  const imagePath = shareImagePath(pathname);
  if (imagePath) {
    await unlessDatabaseDown(
      response,
      () => serveShareImage(request, response, imagePath.slug),
      () => imageUnavailable(response),
    );
    return true;
  }
  const slug = publicPageSlug(pathname);
  if (!slug) return false;
  await servePublicPage(request, response, slug);
  return true;
}
