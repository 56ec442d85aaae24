import { describe, expect, it } from "vitest";
import { BLACK, rgbaOf, WHITE } from "./color-values";
import { AA_CONTRAST, contrastRatio, nearestReadable, overlay, sampleBetween, scrimFor, worstContrast } from "./contrast";

const color = (text: string) => rgbaOf(text)!;

describe("WCAG contrast", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#767676", "#ffffff", 4.54],
    ["#777777", "#ffffff", 4.48],
    ["#6366f1", "#ffffff", 4.47],
    ["tomato", "#000000", 7.13],
  ])("%s against %s is %f:1", (a, b, ratio) => {
    expect(contrastRatio(color(a), color(b))).toBeCloseTo(ratio, 2);
  });

  it("takes the worst case over a gradient, including its middle", () => {
    const gradient = sampleBetween(color("#ff0000"), color("#00ff00"));
    const middle = worstContrast(BLACK, gradient);
    expect(middle).toBeLessThan(contrastRatio(BLACK, color("#ff0000")));
    expect(middle).toBeLessThan(contrastRatio(BLACK, color("#00ff00")));
  });

  it("counts a translucent text colour as painted over what is behind it", () => {
    expect(worstContrast(color("rgb(0 0 0 / 0.5)"), [WHITE])).toBeCloseTo(contrastRatio(color("#808080"), WHITE), 1);
  });

  it("finds the nearest readable colour, keeping the hue", () => {
    const pink = nearestReadable(color("#ff69b4"), [WHITE]);
    expect(worstContrast(color(pink), [WHITE])).toBeGreaterThanOrEqual(AA_CONTRAST);
    const [r, g, b] = [1, 3, 5].map((start) => parseInt(pink.slice(start, start + 2), 16));
    expect(r).toBeGreaterThan(g!);
    expect(b).toBeGreaterThan(g!);
    expect(worstContrast(color(nearestReadable(WHITE, [WHITE])), [WHITE])).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("puts the lightest scrim over an unknown image that makes the text readable on any pixel", () => {
    const anyImage = sampleBetween(BLACK, WHITE, 20);
    for (const text of ["#ffffff", "#111827", "#00ff88", "#808080"]) {
      const scrim = scrimFor(color(text), anyImage)!;
      expect(worstContrast(color(text), overlay(anyImage, scrim))).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(worstContrast(color(text), overlay(anyImage, { ...scrim, a: scrim.a - 0.05 }))).toBeLessThan(AA_CONTRAST);
    }
    expect(scrimFor(color("#111827"), [WHITE])).toBeNull();
  });
});
