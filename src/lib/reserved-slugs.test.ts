import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS } from "./reserved-slugs";

/** Top-level URL segments the app serves: folders under src/app, looking through (groups). */
function appTopLevelSegments(dir = path.join(process.cwd(), "src/app")): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("[") && !entry.name.startsWith("_"))
    .flatMap((entry) => (entry.name.startsWith("(") ? appTopLevelSegments(path.join(dir, entry.name)) : [entry.name]));
}

describe("reserved slugs", () => {
  it("cover every top-level path the app serves, so no profile can shadow a page", () => {
    const segments = appTopLevelSegments();
    expect(segments).toContain("dashboard");
    expect(segments.filter((segment) => !RESERVED_SLUGS.has(segment))).toEqual([]);
  });
});
