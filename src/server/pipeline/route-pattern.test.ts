import { describe, expect, it } from "vitest";
import { isAssetPath, routePattern } from "./route-pattern";

describe("route patterns for metrics and logs", () => {
  it.each([
    ["/", 200, "/"],
    ["/u/kim", 200, "/u/:slug"],
    ["/kim_page", 200, "/:slug"],
    ["/u/kim/og.png", 200, "/u/:slug/og.png"],
    ["/api/v1/links/clx0abc/click/", 204, "/api/v1/links/:id/click"],
    ["/api/trpc/link.list,profile.current", 200, "/api/trpc"],
    ["/api/v1/profiles/me/", 200, "/api/v1/profiles/*"],
    ["/api/auth/callback/credentials", 302, "/api/auth/*"],
    ["/api/assets/0123abcd", 200, "/api/assets/:id"],
    ["/dashboard", 200, "/dashboard"],
    ["/settings/security", 200, "/settings/*"],
    ["/robots.txt", 200, "/robots.txt"],
    ["/_next/static/chunks/a.js", 200, "/_next/*"],
  ])("%s (%i) is %s", (path, status, pattern) => {
    expect(routePattern(path, status, false)).toBe(pattern);
  });

  it("never passes a raw path through: unknown paths, odd segments and custom domains collapse", () => {
    expect(routePattern("/made-up/thing", 404, false)).toBe("(unmatched)");
    expect(routePattern("/%F0%9F%92%A9", 200, false)).toBe("/:other");
    expect(routePattern("/u/kim", 200, true)).toBe("(custom domain)");
  });

  it("tells assets from pages", () => {
    expect(isAssetPath("/_next/static/x.js")).toBe(true);
    expect(isAssetPath("/_lb/profile.css")).toBe(true);
    expect(isAssetPath("/u/kim")).toBe(false);
  });
});
