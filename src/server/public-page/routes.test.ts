import { describe, expect, it } from "vitest";
import { clickLinkId, publicPageSlug, shareImagePath } from "./routes";

describe("public page routes", () => {
  it.each([
    ["/maya", "maya"],
    ["/Maya_Chen/", "maya_chen"],
    ["/u/maya", "maya"],
    ["/u/dashboard", "dashboard"],
    ["/u/ab", "ab"],
    ["/dashboard", null],
    ["/login", null],
    ["/api", null],
    ["/favicon.ico", null],
    ["/ab", null],
    ["/u/maya/extra", null],
    ["/u/a%00b", null],
    ["/a%00b", null],
    ["/u/a%0Ab", null],
    ["/_next/static/x.js", null],
  ])("%s → %s", (path, slug) => {
    expect(publicPageSlug(path)).toBe(slug);
  });

  it("recognises the click endpoint with or without the trailing slash", () => {
    expect(clickLinkId("/api/v1/links/abc123/click/")).toBe("abc123");
    expect(clickLinkId("/api/v1/links/abc123/click")).toBe("abc123");
    expect(clickLinkId("/api/v1/links/abc123/")).toBeNull();
  });

  it.each([
    ["/u/maya/og.png", { slug: "maya" }],
    ["/maya/og.png", { slug: "maya" }],
    ["/u/Maya/og.png", { slug: null }],
    ["/u/a%00b/og.png", { slug: null }],
    ["/u/dashboard/og.png", { slug: null }],
    ["/dashboard/og.png", null],
    ["/_next/og.png", null],
    ["/u/maya/og.jpg", null],
  ])("share image %s → %j", (path, expected) => {
    expect(shareImagePath(path)).toEqual(expected);
  });
});
