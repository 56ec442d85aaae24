import { describe, expect, it } from "vitest";
import { opaqueHex, scannableColors } from "./scan-colors";

describe("opaqueHex", () => {
  it("reads hex, rgb(), hsl() and named colours", () => {
    expect(opaqueHex("#f00", "x")).toBe("#ff0000");
    expect(opaqueHex("rgb(99 102 241 / 100%)", "x")).toBe("#6366f1");
    expect(opaqueHex("hsl(120, 100%, 25%)", "x")).toBe("#008000");
    expect(opaqueHex("rebeccapurple", "x")).toBe("#663399");
  });

  it("blends transparency over white and falls back for what is not a colour", () => {
    expect(opaqueHex("#00000080", "x")).toBe("#7f7f7f");
    expect(opaqueHex("url(x)", "fallback")).toBe("fallback");
  });
});

describe("scannableColors", () => {
  it("keeps dark text on a light background", () => {
    expect(scannableColors("#111827", "#fef3c7")).toEqual({ dark: "#111827", light: "#fef3c7" });
    expect(scannableColors("rebeccapurple", "white")).toEqual({ dark: "#663399", light: "#ffffff" });
  });

  it("falls back to black on white for light-on-dark, low contrast or what is not a colour", () => {
    const standard = { dark: "#000000", light: "#ffffff" };
    expect(scannableColors("#ffffff", "#111827")).toEqual(standard);
    expect(scannableColors("#777777", "#888888")).toEqual(standard);
    expect(scannableColors("url(x)", "#ffffff")).toEqual(standard);
  });
});
