import { describe, expect, it } from "vitest";
import { deviceLabel, formatDay, formatHour } from "./format";

describe("the charts' labels", () => {
  it("name the date of each day, also over a week (never a bare weekday)", () => {
    expect(formatDay("2026-03-09", 7)).toBe("Mon, Mar 9");
    expect(formatDay("2026-03-09", 30)).toBe("Mar 9");
    expect(formatHour("2026-03-09T03:00+01:00", 48)).toBe("Mon, Mar 9 03:00");
  });

  it("capitalise device types", () => {
    expect(["desktop", "mobile", "tablet"].map(deviceLabel)).toEqual(["Desktop", "Mobile", "Tablet"]);
  });
});
