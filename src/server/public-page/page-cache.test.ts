import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import {
  cachedPage,
  CLICK_COUNTS_MAX_AGE_MS,
  invalidatePublicPages,
  PAGE_CACHE_MAX_BYTES,
  pageCacheSize,
  PLAIN_BODIES_MAX_BYTES,
  startRender,
  storePage,
  type RenderedPage,
} from "./page-cache";

const page = (expiresAt: number | null): RenderedPage => ({
  status: 200,
  html: Buffer.from("<p>hi</p>"),
  profileId: "p1",
  ownerId: "u1",
  countsViews: true,
  indexable: true,
  expiresAt,
});

describe("the public page cache", () => {
  it("keeps a page until an edit empties the cache", () => {
    invalidatePublicPages();
    storePage("kept", page(null), startRender());
    expect(cachedPage("kept", Date.now() + 365 * 86_400_000)?.status).toBe(200);
    invalidatePublicPages();
    expect(cachedPage("kept")).toBeUndefined();
  });

  it("renders a page with click counts afresh once it has expired", () => {
    const now = Date.now();
    storePage("counts", page(now + CLICK_COUNTS_MAX_AGE_MS), startRender());
    expect(cachedPage("counts", now + CLICK_COUNTS_MAX_AGE_MS - 1)).toBeDefined();
    expect(cachedPage("counts", now + CLICK_COUNTS_MAX_AGE_MS)).toBeUndefined();
    expect(cachedPage("counts", now)).toBeUndefined();
  });

  it(`holds at most ${PAGE_CACHE_MAX_BYTES / 2 ** 20} MB of bodies, letting the least recently read page go first`, () => {
    invalidatePublicPages();
    // Random bytes do not compress: each page's gzipped body is about its size.
    const large = (profileId: string): RenderedPage => ({ ...page(null), html: randomBytes(512 * 1024), profileId });
    storePage("first", large("first"), startRender());
    storePage("second", large("second"), startRender());
    const pagesThatFit = Math.floor(PAGE_CACHE_MAX_BYTES / (pageCacheSize().bytes / 2));
    for (let i = 0; i < pagesThatFit * 2; i++) {
      expect(cachedPage("first"), `page ${i}`).toBeDefined();
      storePage(`filler-${i}`, large(`filler-${i}`), startRender());
    }
    const { pages, bytes } = pageCacheSize();
    expect(bytes).toBeLessThanOrEqual(PAGE_CACHE_MAX_BYTES);
    expect(pages).toBeLessThanOrEqual(pagesThatFit);
    expect(cachedPage("first")).toBeDefined();
    expect(cachedPage("second")).toBeUndefined();
    invalidatePublicPages();
    expect(pageCacheSize()).toEqual({ pages: 0, bytes: 0, plainBytes: 0 });
  });

  it(`keeps pages gzipped, and at most ${PLAIN_BODIES_MAX_BYTES / 2 ** 20} MB of plain bodies: a page whose plain body went gives the same bytes again`, () => {
    invalidatePublicPages();
    const text = (n: number) => Buffer.from(`<p>${String(n).repeat(64 * 1024)}</p>`);
    const pagesToStore = Math.ceil((PLAIN_BODIES_MAX_BYTES / (64 * 1024)) * 2);
    for (let i = 0; i < pagesToStore; i++)
      storePage(`text-${i}`, { ...page(null), html: text(i % 10), profileId: `text-${i}` }, startRender());
    const { pages, bytes, plainBytes } = pageCacheSize();
    expect(pages).toBe(pagesToStore);
    expect(bytes).toBeLessThan(plainBytes / 10);
    expect(plainBytes).toBeLessThanOrEqual(PLAIN_BODIES_MAX_BYTES);
    expect(cachedPage("text-0")!.html.equals(text(0))).toBe(true);
    expect(cachedPage(`text-${pagesToStore - 1}`)!.html.equals(text((pagesToStore - 1) % 10))).toBe(true);
    invalidatePublicPages();
  });

  it("keeps only each body's own bytes, so the cache's byte count is the memory it holds", () => {
    invalidatePublicPages();
    const html = Buffer.from(`<p>${randomBytes(3000).toString("base64")}</p>`);
    storePage("own-bytes", { ...page(null), html }, startRender());
    const kept = cachedPage("own-bytes")!;
    expect(kept.gzipped.buffer.byteLength).toBe(kept.gzipped.byteLength);
    expect(kept.html.equals(html)).toBe(true);
    invalidatePublicPages();
  });
});
