import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { LOADER, scriptsAfterFirstPaint } from "./scripts-after-paint";

// The head and end of a document as Next 16 writes them.
const DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a1.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>' +
  '<script src="/_next/static/chunks/one.js" async=""></script>' +
  '<script src="/_next/static/chunks/two-x_y.js" async=""></script>' +
  '<title>Links · Linkbio — “é”</title><script src="/_next/static/chunks/legacy.js" noModule=""></script></head>' +
  '<body><p>Ünïcödé ✓</p><script>self.__next_f.push([1,"x"])</script>' +
  '<script src="/_next/static/chunks/boot.js" async=""></script></body></html>';

const EXPECTED =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a1.css" data-precedence="next"/>' +
  `<script>${LOADER}</script><script>__linkbioScript("/_next/static/chunks/one.js")</script>` +
  '<script>__linkbioScript("/_next/static/chunks/two-x_y.js")</script>' +
  '<title>Links · Linkbio — “é”</title><script src="/_next/static/chunks/legacy.js" noModule=""></script></head>' +
  '<body><p>Ünïcödé ✓</p><script>self.__next_f.push([1,"x"])</script>' +
  '<script>__linkbioScript("/_next/static/chunks/boot.js")</script></body></html>';

const rewritten = (pieces: Buffer[]) => text(Readable.from(pieces).pipe(scriptsAfterFirstPaint()));

describe("scripts after the first paint", () => {
  it("queues Next's chunk scripts behind one loader and drops the script preload, leaving everything else", async () => {
    expect(await rewritten([Buffer.from(DOCUMENT)])).toBe(EXPECTED);
  });

  it("gives the same document however the stream is cut, inside tags and inside characters", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await rewritten([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(EXPECTED);
    }
    expect(await rewritten([...bytes].map((byte) => Buffer.from([byte])))).toBe(EXPECTED);
  });

  it("leaves scripts from elsewhere, and a document without Next's scripts, as they are", async () => {
    const other =
      '<html><head><script src="https://example.com/x.js" async=""></script><script src="/_next/static/x.js?v=1" async=""></script></head></html>';
    expect(await rewritten([Buffer.from(other)])).toBe(other);
  });
});
