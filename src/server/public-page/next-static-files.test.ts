import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { nextStaticFiles } from "./next-static-files";

function build(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "next-static-"));
  fs.mkdirSync(path.join(dir, "chunks"));
  fs.mkdirSync(path.join(dir, "media"));
  fs.writeFileSync(path.join(dir, "chunks", "a1-b_2.js"), "console.log('chunk');".repeat(20));
  fs.writeFileSync(path.join(dir, "media", "inter.woff2"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(dir, "chunks", "notes.md"), "not served");
  fs.writeFileSync(path.join(path.dirname(dir), "outside.js"), "secret");
  return dir;
}

describe("Next's built files, answered before Next", () => {
  it("serves a chunk gzipped or plain, cacheable forever, and a font as it is", async () => {
    const lookup = nextStaticFiles(build());
    const gzipped = await lookup("/_next/static/chunks/a1-b_2.js", true);
    expect(gzipped?.headers).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "content-encoding": "gzip",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding",
    });
    expect(gunzipSync(gzipped!.body).toString()).toContain("console.log('chunk');");
    const plain = await lookup("/_next/static/chunks/a1-b_2.js", false);
    expect(plain?.headers["content-encoding"]).toBeUndefined();
    expect(plain?.body.toString()).toContain("console.log");
    const font = await lookup("/_next/static/media/inter.woff2", true);
    expect(font?.headers).toMatchObject({ "content-type": "font/woff2" });
    expect(font?.headers["content-encoding"]).toBeUndefined();
    expect([...font!.body]).toEqual([1, 2, 3]);
  });

  it("leaves to Next what it is not: unknown names and kinds, and any way out of the folder", async () => {
    const lookup = nextStaticFiles(build());
    for (const pathname of [
      "/_next/static/chunks/missing.js",
      "/_next/static/chunks/notes.md",
      "/_next/static/../outside.js",
      "/_next/static/chunks/../../outside.js",
      "/_next/static/%2e%2e/outside.js",
      "/_next/static//chunks/a1-b_2.js",
      "/_next/static/chunks/.hidden.js",
      "/_next/static/",
    ]) {
      expect(await lookup(pathname, true), pathname).toBeNull();
    }
  });
});
