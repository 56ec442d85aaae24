import { describe, expect, it } from "vitest";
import { cachedPage, CLICK_COUNTS_MAX_AGE_MS, invalidatePublicPages, startRender, storePage, type RenderedPage } from "./page-cache";

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
});
