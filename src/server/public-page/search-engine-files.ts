import type { IncomingMessage, ServerResponse } from "node:http";
import { getDatabase } from "@/server/db/client";
import { cachedSitemapEntries, robotsTxt, SITEMAP_MAX_AGE_MS } from "@/server/services/search-engines";

const CACHE = `public, max-age=${SITEMAP_MAX_AGE_MS / 1000}`;

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function serveRobots(request: IncomingMessage, response: ServerResponse): void {
  const body = robotsTxt();
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": CACHE });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** The sitemap of public, indexable profile pages (read at most every few minutes). */
export async function serveSitemap(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const entries = await cachedSitemapEntries(getDatabase().prisma);
  const urls = entries.map(
    (entry) => `  <url><loc>${xmlEscape(entry.address)}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  response.writeHead(200, { "content-type": "application/xml; charset=utf-8", "cache-control": CACHE });
  response.end(request.method === "HEAD" ? undefined : body);
}
