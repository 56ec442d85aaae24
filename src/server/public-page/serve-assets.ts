import type { IncomingMessage, ServerResponse } from "node:http";
import { getDatabase } from "@/server/db/client";
import { findAsset } from "@/server/services/assets/assets";
import { notFound } from "./answers";
import { nextStaticFile } from "./next-static-files";
import { faviconAsset, staticAsset } from "./static-assets";
import { visitorPage, type PageSite } from "./visitor-page";

/** The files a public page loads: its stylesheet, script and fonts (/_lb/…), the favicon, and on a custom domain its own uploads; and the screens' files from Next's build. */

const acceptsGzip = (request: IncomingMessage) => /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));

/** A file under /_lb/; false when there is none by that name. */
export function serveStatic(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
  const asset = staticAsset(pathname, acceptsGzip(request));
  if (!asset) return false;
  response.writeHead(200, asset.headers).end(request.method === "HEAD" ? undefined : asset.body);
  return true;
}

/** A file of Next's build under /_next/static/; false when there is none by that name (Next then answers). */
export async function serveNextStatic(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<boolean> {
  const file = await nextStaticFile(pathname, acceptsGzip(request));
  if (!file) return false;
  response
    .writeHead(200, { ...file.headers, "content-length": String(file.body.byteLength) })
    .end(request.method === "HEAD" ? undefined : file.body);
  return true;
}

export function serveFavicon(request: IncomingMessage, response: ServerResponse): void {
  const icon = faviconAsset();
  response
    .writeHead(200, { ...icon.headers, "content-length": String(icon.body.byteLength) })
    .end(request.method === "HEAD" ? undefined : icon.body);
}

const ASSET_HEADERS = { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" };

/** An uploaded file on a custom domain: only one its page shows (avatar, background, thumbnails, music). */
export async function serveOwnAsset(
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
