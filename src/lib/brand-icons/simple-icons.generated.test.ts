import * as simpleIcons from "simple-icons";
import { describe, expect, it } from "vitest";
import { SIMPLE_ICON_EXPORTS } from "./simple-icon-exports";
import { SIMPLE_ICON_PATHS } from "./simple-icons.generated";

describe("the copied simple-icons paths", () => {
  it("match the installed package (run scripts/generate-brand-glyphs.ts after an upgrade)", () => {
    const icons = simpleIcons as unknown as Record<string, { path: string }>;
    for (const [brand, name] of Object.entries(SIMPLE_ICON_EXPORTS)) {
      expect(SIMPLE_ICON_PATHS[brand as keyof typeof SIMPLE_ICON_EXPORTS], brand).toBe(icons[name]?.path);
    }
  });
});
