import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fontFilePath } from "./font-css";

interface StaticAsset {
  body: Buffer;
  gzipped: Buffer;
  contentType: string;
}

const SOURCES: Record<string, { file: string; contentType: string }> = {
  "profile.css": { file: "src/components/profile-page/profile-page.css", contentType: "text/css; charset=utf-8" },
  "page.js": { file: "src/server/public-page/client/page.js", contentType: "text/javascript; charset=utf-8" },
};

let byRoute: Map<string, StaticAsset> | null = null;
let urls: Record<string, string> = {};

/** Loads the page's stylesheet and script once, under content-hashed URLs that can be cached forever. */
function assets(): Map<string, StaticAsset> {
  if (byRoute) return byRoute;
  byRoute = new Map();
  urls = {};
  for (const [name, { file, contentType }] of Object.entries(SOURCES)) {
    const body = readFileSync(path.join(process.cwd(), file));
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    const [base, extension] = name.split(".");
    const route = `/_lb/${base}.${hash}.${extension}`;
    urls[name] = route;
    byRoute.set(route, { body, gzipped: gzipSync(body), contentType });
  }
  return byRoute;
}

export function assetUrl(name: keyof typeof SOURCES): string {
  assets();
  return urls[name]!;
}

export const IMMUTABLE = "public, max-age=31536000, immutable";

/** The bytes for a /_lb/ route: our hashed stylesheet and script, or a self-hosted font file. */
export function staticAsset(route: string, acceptsGzip: boolean): { body: Buffer; headers: Record<string, string> } | null {
  const asset = assets().get(route);
  if (asset) {
    return {
      body: acceptsGzip ? asset.gzipped : asset.body,
      headers: {
        "content-type": asset.contentType,
        "cache-control": IMMUTABLE,
        ...(acceptsGzip ? { "content-encoding": "gzip" } : {}),
        vary: "accept-encoding",
      },
    };
  }
  const fontPath = fontFilePath(route);
  if (!fontPath) return null;
  try {
    return {
      body: readFileSync(fontPath),
      headers: { "content-type": fontPath.endsWith(".woff2") ? "font/woff2" : "font/woff", "cache-control": IMMUTABLE },
    };
  } catch {
    return null;
  }
}

let favicon: Buffer | null = null;

/** /favicon.ico, which browsers and crawlers ask for on their own: the app icon Next would also serve, without Next. */
export function faviconAsset(): { body: Buffer; headers: Record<string, string> } {
  favicon ??= readFileSync(path.join(process.cwd(), "src/app/favicon.ico"));
  return { body: favicon, headers: { "content-type": "image/x-icon", "cache-control": "public, max-age=86400" } };
}
