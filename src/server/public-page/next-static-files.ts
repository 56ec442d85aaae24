import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { env } from "@/server/config/env";
import { IMMUTABLE } from "./static-assets";

// Next's own files (/_next/static/…: the screens' scripts, stylesheets and fonts), answered here
// rather than by Next's thread, which took about 10 ms for each; every signed-in screen's first
// frame waits for its stylesheet. Their names hold their content's hash, so a file read once is
// kept (the whole folder is a few MB) and its gzip made once.
const TYPES: Record<string, { type: string; compress: boolean }> = {
  ".js": { type: "text/javascript; charset=utf-8", compress: true },
  ".css": { type: "text/css; charset=utf-8", compress: true },
  ".svg": { type: "image/svg+xml", compress: true },
  ".json": { type: "application/json", compress: true },
  ".woff2": { type: "font/woff2", compress: false },
  ".woff": { type: "font/woff", compress: false },
  ".png": { type: "image/png", compress: false },
  ".ico": { type: "image/x-icon", compress: false },
};
/** A path below /_next/static/: names of letters, digits, `_`, `-`, `.` and `~`, never `..`. */
const SAFE = /^\/_next\/static\/(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*$/;

interface NextStaticFile {
  body: Buffer;
  gzipped: Buffer | null;
  type: string;
}

type Lookup = (pathname: string, acceptsGzip: boolean) => Promise<{ body: Buffer; headers: Record<string, string> } | null>;

/** Looks files up in `staticDir` (a build's static folder), keeping each one found. */
export function nextStaticFiles(staticDir: string): Lookup {
  const files = new Map<string, Promise<NextStaticFile | null>>();

  async function read(pathname: string): Promise<NextStaticFile | null> {
    const kind = TYPES[path.extname(pathname)];
    if (!kind) return null;
    try {
      const body = await readFile(path.join(staticDir, pathname.slice("/_next/static/".length)));
      return { body, gzipped: kind.compress ? gzipSync(body) : null, type: kind.type };
    } catch {
      return null;
    }
  }

  return async (pathname, acceptsGzip) => {
    if (!SAFE.test(pathname) || pathname.includes("..")) return null;
    let file = files.get(pathname);
    if (!file) {
      file = read(pathname);
      files.set(pathname, file);
    }
    const found = await file;
    // A name not in this build stays unknown to the cache: any client can ask for any name.
    if (!found) {
      files.delete(pathname);
      return null;
    }
    const gzip = acceptsGzip && found.gzipped !== null;
    return {
      body: gzip ? found.gzipped! : found.body,
      headers: {
        "content-type": found.type,
        "cache-control": IMMUTABLE,
        ...(gzip ? { "content-encoding": "gzip" } : {}),
        ...(found.gzipped ? { vary: "accept-encoding" } : {}),
      },
    };
  };
}

let built: Lookup | null = null;

/** The file for a /_next/static/ path of this server's build with the headers to send, or null to leave the request to Next (which answers 404). */
export const nextStaticFile: Lookup = (pathname, acceptsGzip) =>
  (built ??= nextStaticFiles(path.join(process.cwd(), env.NEXT_DIST_DIR, "static")))(pathname, acceptsGzip);
