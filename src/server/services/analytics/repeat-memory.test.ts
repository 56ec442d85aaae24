import { describe, expect, it } from "vitest";
import { countedRecently, REPEAT_WINDOW_MS, rememberCounted } from "./repeats";

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
});
