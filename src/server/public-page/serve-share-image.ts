import type { IncomingMessage, ServerResponse } from "node:http";
import { limitMessage, takeAttempt } from "@/server/services/rate-limit/limits";
import { notFound } from "./answers";
import { shareImageOf } from "./share-image-cache";
import { clientAddress } from "./visit";
import { visitorPage, type PageSite } from "./visitor-page";

/** A visible page's 1200×630 share image (og:image), drawn once per page version, limited per client address; 404 for private or unknown pages. */
export async function serveShareImage(
  request: IncomingMessage,
  response: ServerResponse,
  slug: string | null,
  site?: PageSite,
): Promise<void> {
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
  if (!image) return notFound(request, response);
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
