import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import {
  cachedPage,
  CLICK_COUNTS_MAX_AGE_MS,
  invalidatePublicPages,
  PAGE_CACHE_MAX_BYTES,
  pageCacheSize,
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
    // Random bytes do not compress: each page costs about twice its size (plain and gzipped).
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
    expect(pageCacheSize()).toEqual({ pages: 0, bytes: 0 });
  });
});
