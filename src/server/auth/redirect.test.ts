import { describe, expect, it } from "vitest";
import { sameOriginRedirect } from "./redirect";

const BASE = "https://links.example";

describe("sign-in callbackUrl", () => {
  it("follows this app's own pages, as paths or as addresses on this origin", () => {
    expect(sameOriginRedirect("/links?tab=1", BASE)).toBe("https://links.example/links?tab=1");
    expect(sameOriginRedirect("https://links.example/settings", BASE)).toBe("https://links.example/settings");
  });

  it("sends every foreign or unparsable target to /dashboard instead", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "http://links.example/",
      "javascript:alert(1)",
      "http://[",
    ]) {
      expect(sameOriginRedirect(target, BASE)).toBe("https://links.example/dashboard");
    }
  });
});
