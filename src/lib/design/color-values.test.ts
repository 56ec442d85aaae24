import { describe, expect, it } from "vitest";
import { rgbaOf, toHex } from "./color-values";

describe("colour values", () => {
  it.each([
    ["#abc", "#aabbcc", 1],
    ["#6366f180", "#6366f1", 128 / 255],
    ["tomato", "#ff6347", 1],
    ["RebeccaPurple", "#663399", 1],
    ["rgb(255, 0, 0)", "#ff0000", 1],
    ["rgb(100%, 0%, 0%, 50%)", "#ff0000", 0.5],
    ["rgb(99 102 241 / .5)", "#6366f1", 0.5],
    ["rgb(40% 102 none / 20%)", "#666600", 0.2],
    ["hsl(120 100% 25%)", "#008000", 1],
    ["hsla(0.5turn, 100%, 50%, 0.3)", "#00ffff", 0.3],
    ["hsl(200grad 100% 50%)", "#00ffff", 1],
    ["transparent", "#000000", 0],
  ])("%s is %s at alpha %f", (input, hex, alpha) => {
    const value = rgbaOf(input)!;
    expect(toHex(value)).toBe(hex);
    expect(value.a).toBeCloseTo(alpha, 5);
  });

  it("has no value for what is not a colour", () => {
    expect(rgbaOf("var(--x)")).toBeNull();
    expect(rgbaOf("red;background:url(x)")).toBeNull();
  });
});
