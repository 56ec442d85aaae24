import { describe, expect, it } from "vitest";
import { leftOutNote } from "./left-out-note";

describe("leftOutNote", () => {
  it("names each left-out character once, spaces by name, and nothing for lower-cased letters", () => {
    expect(leftOutNote("Maya Test!")).toBe('Left out spaces and "!": a username holds only letters, numbers, underscores and hyphens.');
    expect(leftOutNote("a.b.c@d")).toBe('Left out "." and "@": a username holds only letters, numbers, underscores and hyphens.');
    expect(leftOutNote("Maya_Test-1")).toBeUndefined();
  });
});
