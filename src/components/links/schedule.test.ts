import { describe, expect, it } from "vitest";
import { fromLocalInput, scheduleState, toLocalInput } from "./schedule";

describe("a link's schedule in the creator's time zone", () => {
  it("round-trips a datetime-local value through the moment it names", () => {
    const moment = fromLocalInput("2026-11-26T10:30");
    expect(moment).toBeInstanceOf(Date);
    expect(toLocalInput(moment)).toBe("2026-11-26T10:30");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("not a date")).toBeUndefined();
    expect(toLocalInput(null)).toBe("");
  });

  it("is scheduled before its start, live from the start, expired from the end on, to the second", () => {
    const starts_at = new Date("2026-11-26T10:00:00Z");
    const ends_at = new Date("2026-11-26T12:00:00Z");
    expect(scheduleState({ starts_at, ends_at }, starts_at.getTime() - 1000)).toBe("scheduled");
    expect(scheduleState({ starts_at, ends_at }, starts_at.getTime())).toBe("live");
    expect(scheduleState({ starts_at, ends_at }, ends_at.getTime() - 1000)).toBe("live");
    expect(scheduleState({ starts_at, ends_at }, ends_at.getTime())).toBe("expired");
    expect(scheduleState({ starts_at: null, ends_at: null }, 0)).toBe("live");
  });
});
