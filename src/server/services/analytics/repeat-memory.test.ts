import { describe, expect, it } from "vitest";
import { countedRecently, REMEMBERED_PER_GENERATION, REPEAT_WINDOW_MS, rememberCounted } from "./repeats";

describe("the process's memory of counted addresses", () => {
  const at = Date.parse("2026-06-10T12:00:00Z");

  it("knows a repeat within the window after a count, per kind, target and address", () => {
    rememberCounted("view", "profile-memory-1", "8.8.8.8", at);
    expect(countedRecently("view", "profile-memory-1", "8.8.8.8", at + REPEAT_WINDOW_MS.view - 1)).toBe(true);
    expect(countedRecently("view", "profile-memory-1", "8.8.8.8", at + REPEAT_WINDOW_MS.view)).toBe(false);
    expect(countedRecently("view", "profile-memory-1", "8.8.4.4", at)).toBe(false);
    expect(countedRecently("view", "profile-memory-2", "8.8.8.8", at)).toBe(false);
    expect(countedRecently("click", "profile-memory-1", "8.8.8.8", at)).toBe(false);
  });

  it("keeps the latest count, as the database does", () => {
    rememberCounted("view", "profile-memory-3", null, at + 60_000);
    rememberCounted("view", "profile-memory-3", null, at);
    expect(countedRecently("view", "profile-memory-3", null, at + 60_000 + REPEAT_WINDOW_MS.view - 1)).toBe(true);
  });

  it("stays bounded: the latest generation's addresses are remembered, the oldest are forgotten", () => {
    const address = (n: number) => `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
    const counts = 2 * REMEMBERED_PER_GENERATION + 1;
    for (let n = 0; n < counts; n += 1) rememberCounted("view", "profile-memory-4", address(n), at);
    expect(countedRecently("view", "profile-memory-4", address(0), at + 1)).toBe(false);
    for (const n of [counts - REMEMBERED_PER_GENERATION, counts - 1]) {
      expect(countedRecently("view", "profile-memory-4", address(n), at + 1)).toBe(true);
    }
  });
});
