import { describe, expect, it } from "vitest";
import { appHostRoute, clickLinkId, publicPageSlug, shareImagePath } from "./routes";

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

  it.each([
    ["GET", "/api/v1/domains/allowed/", { kind: "allowed-domain" }],
    ["POST", "/api/v1/links/abc123/click/", { kind: "click", linkId: "abc123" }],
    ["OPTIONS", "/api/v1/links/abc123/click", { kind: "click", linkId: "abc123" }],
    ["GET", "/_lb/page.js", { kind: "static" }],
    ["GET", "/_next/static/chunks/a.js", { kind: "next-static" }],
    ["POST", "/_next/static/chunks/a.js", { kind: "none" }],
    ["HEAD", "/favicon.ico", { kind: "favicon" }],
    ["GET", "/robots.txt", { kind: "robots" }],
    ["GET", "/sitemap.xml", { kind: "sitemap" }],
    ["GET", "/u/maya/og.png", { kind: "share-image", slug: "maya" }],
    ["GET", "/u/dashboard/og.png", { kind: "share-image", slug: null }],
    ["GET", "/maya", { kind: "page", slug: "maya" }],
    ["POST", "/maya", { kind: "none" }],
    ["GET", "/dashboard", { kind: "none" }],
    ["GET", "/api/v1/profiles/", { kind: "none" }],
  ])("on the app's host, %s %s → %j", (method, path, expected) => {
    expect(appHostRoute(method, path)).toEqual(expected);
  });
});
