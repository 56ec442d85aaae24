import { describe, expect, it } from "vitest";
import { pagePath } from "./page-path";

describe("pagePath", () => {
  it("is /{slug} for a slug the top level serves", () => {
    expect(pagePath("maya_test")).toBe("/maya_test");
    expect(pagePath("a-b")).toBe("/a-b");
  });

  it("stays /u/{slug} where the app's own paths or an odd shape hold the top level", () => {
    expect(pagePath("help")).toBe("/u/help");
    expect(pagePath("settings")).toBe("/u/settings");
    expect(pagePath("ab")).toBe("/u/ab");
    expect(pagePath("a b")).toBe("/u/a%20b");
  });
});
