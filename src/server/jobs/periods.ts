import type { JobEvery } from "./registry";

const HOUR_MS = 3_600_000;

/** The start of the period holding `instant`, in UTC. */
export function periodStartOf(every: JobEvery, instant: number): number {
  const date = new Date(instant);
  if (every === "hour") return Math.floor(instant / HOUR_MS) * HOUR_MS;
  if (every === "day") return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export function previousPeriodStart(every: JobEvery, start: number): number {
  if (every === "hour") return start - HOUR_MS;
  if (every === "day") return start - 24 * HOUR_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
}

/** The periods due at `now` (begun at least `delayMs` ago), newest first, at most `count`. */
export function duePeriods(every: JobEvery, delayMs: number, count: number, now: number): number[] {
  const periods: number[] = [];
  let start = periodStartOf(every, now - delayMs);
  while (periods.length < count) {
    periods.push(start);
    start = previousPeriodStart(every, start);
  }
  return periods;
}

export const periodKey = (start: number) => new Date(start).toISOString();
