import { describe, expect, it } from "vitest";
import { formatClickCount, formatClicks } from "./format";

describe("formatClicks", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [999, "999"],
    [1000, "1K"],
    [1049, "1K"],
    [1050, "1.1K"],
    [1500, "1.5K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_950, "1M"],
    [1_000_000, "1M"],
    [1_250_000, "1.3M"],
    [2_345_678, "2.3M"],
    [1_000_000_000, "1000M"],
  ])("%d → %s", (count, expected) => {
    expect(formatClicks(count)).toBe(expected);
  });

  it("reads nonsense as zero", () => {
    expect(formatClicks(-5)).toBe("0");
    expect(formatClicks(Number.NaN)).toBe("0");
    expect(formatClicks(Number.POSITIVE_INFINITY)).toBe("0");
  });
});

describe("formatClickCount", () => {
  it("adds the unit", () => {
    expect(formatClickCount(0)).toBe("0 clicks");
    expect(formatClickCount(1)).toBe("1 click");
    expect(formatClickCount(1500)).toBe("1.5K clicks");
  });
});
