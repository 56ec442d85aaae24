import { describe, expect, it } from "vitest";
import { contrastRatio, scannableColors, toRgb } from "./scan-colors";

describe("toRgb", () => {
  it("reads hex, rgb() and hsl() in both syntaxes", () => {
    expect(toRgb("#f00")).toEqual({ r: 255, g: 0, b: 0 });
    expect(toRgb("#112233")).toEqual({ r: 17, g: 34, b: 51 });
    expect(toRgb("rgb(99, 102, 241)")).toEqual({ r: 99, g: 102, b: 241 });
    expect(toRgb("rgb(99 102 241 / 100%)")).toEqual({ r: 99, g: 102, b: 241 });
    expect(toRgb("hsl(120, 100%, 25%)")).toEqual({ r: 0, g: 128, b: 0 });
    expect(toRgb("hsl(0.5turn 100% 50%)")).toEqual({ r: 0, g: 255, b: 255 });
  });

  it("blends transparency over white and gives up on what it cannot read", () => {
    expect(toRgb("#00000080")).toEqual({ r: 127, g: 127, b: 127 });
    expect(toRgb("rebeccapurple")).toBeNull();
    expect(toRgb("url(x)")).toBeNull();
  });
});

describe("scannableColors", () => {
  it("keeps dark text on a light background", () => {
    expect(scannableColors("#111827", "#fef3c7")).toEqual({ dark: "#111827", light: "#fef3c7" });
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21);
  });

  it("falls back to black on white for light-on-dark, low contrast or unknown colours", () => {
    const standard = { dark: "#000000", light: "#ffffff" };
    expect(scannableColors("#ffffff", "#111827")).toEqual(standard);
    expect(scannableColors("#777777", "#888888")).toEqual(standard);
    expect(scannableColors("rebeccapurple", "#ffffff")).toEqual(standard);
  });
});
