// Calendar days in a creator's time zone, as instants (ms since the epoch), computed with the
// runtime's Intl time-zone data, which also validates the zone names (src/lib/schemas/analytics.ts).

export const DAY_MS = 86_400_000;
/** Rollup slot width. Every current IANA zone's offset is a multiple of 15 minutes. */
export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = DAY_MS / SLOT_MS;

export interface CalendarDay {
  y: number;
  m: number; // 1-12
  d: number;
}

/** A half-open range of instants [start, end). */
export interface Range {
  start: number;
  end: number;
}

export interface Period {
  /** The period's local days, oldest first, as YYYY-MM-DD. */
  dates: string[];
  /** Start of each local day plus the end of the last: dates.length + 1 instants. */
  bounds: number[];
  current: Range;
  previous: Range;
  today: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock fields at an instant. */
function wallClock(timeZone: string, instant: number) {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return { y: fields.year!, m: fields.month!, d: fields.day!, h: fields.hour!, mi: fields.minute!, s: fields.second! };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetAt(timeZone: string, instant: number): number {
  const w = wallClock(timeZone, instant);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - (instant - (((instant % 1000) + 1000) % 1000));
}

export function localDay(timeZone: string, instant: number): CalendarDay {
  if (isUtc(timeZone)) {
    const date = new Date(instant);
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  }
  const w = wallClock(timeZone, instant);
  return { y: w.y, m: w.m, d: w.d };
}

const ordinal = (day: CalendarDay) => day.y * 10_000 + day.m * 100 + day.d;

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export function formatDay(day: CalendarDay): string {
  return `${String(day.y).padStart(4, "0")}-${String(day.m).padStart(2, "0")}-${String(day.d).padStart(2, "0")}`;
}

export function isUtc(timeZone: string): boolean {
  return timeZone === "UTC" || timeZone === "Etc/UTC";
}

const dayStarts = new Map<string, number>();

/**
 * The first instant of a local calendar day: local midnight, or, where a DST change skips
 * midnight, the instant of the change.
 */
export function startOfDay(timeZone: string, day: CalendarDay): number {
  const midnightUtc = Date.UTC(day.y, day.m - 1, day.d);
  if (isUtc(timeZone)) return midnightUtc;
  const cacheKey = `${timeZone} ${ordinal(day)}`;
  const cached = dayStarts.get(cacheKey);
  if (cached !== undefined) return cached;

  let start: number | undefined;
  const first = midnightUtc - offsetAt(timeZone, midnightUtc);
  for (const candidate of [first, midnightUtc - offsetAt(timeZone, first)]) {
    const w = wallClock(timeZone, candidate);
    if (w.h === 0 && w.mi === 0 && w.s === 0 && ordinal(w) === ordinal(day)) start = Math.min(start ?? candidate, candidate);
  }
  if (start === undefined) {
    // Midnight does not exist that day: the day starts at the first instant whose local date is it.
    let lo = midnightUtc - 15 * 3_600_000; // offsets lie within -12h..+14h
    let hi = midnightUtc + 13 * 3_600_000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (ordinal(localDay(timeZone, mid)) >= ordinal(day)) hi = mid;
      else lo = mid;
    }
    start = hi;
  }
  if (dayStarts.size > 50_000) dayStarts.clear();
  dayStarts.set(cacheKey, start);
  return start;
}

/**
 * "Last N days" in a zone: today and the N-1 days before it, and the N days before those as the
 * previous period of the same length.
 */
export function periodOf(days: number, timeZone: string, now: Date): Period {
  const today = localDay(timeZone, now.getTime());
  return periodBetween(addDays(today, -(days - 1)), today, timeZone, today);
}

/** The local days first..last (inclusive) in a zone, and the same number of days before them as the previous period. */
export function periodBetween(first: CalendarDay, last: CalendarDay, timeZone: string, today: CalendarDay): Period {
  const days = daysBetween(first, last) + 1;
  const dates: string[] = [];
  const bounds: number[] = [];
  for (let i = 0; i <= days; i += 1) {
    const day = addDays(first, i);
    if (i < days) dates.push(formatDay(day));
    bounds.push(startOfDay(timeZone, day));
  }
  const start = bounds[0]!;
  return {
    dates,
    bounds,
    current: { start, end: bounds[days]! },
    previous: { start: startOfDay(timeZone, addDays(first, -days)), end: start },
    today: formatDay(today),
  };
}

export function parseDay(text: string): CalendarDay {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  return { y, m, d };
}

export const daysBetween = (a: CalendarDay, b: CalendarDay) =>
  Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);

export const HOUR_MS = 3_600_000;

/**
 * The starts of the local hours of a range in a zone, plus the range's end: an instant starts a
 * local hour when its local minute is 0, so a DST change gives a 23- or 25-hour day and zones
 * with half-hour offsets get their own hours. Every boundary is a 15-minute slot start.
 */
export function hourBounds(timeZone: string, range: Range): number[] {
  const bounds: number[] = [range.start];
  for (let at = range.start + SLOT_MS; at < range.end; at += SLOT_MS) {
    if (isUtc(timeZone) ? at % HOUR_MS === 0 : wallClock(timeZone, at).mi === 0) bounds.push(at);
  }
  bounds.push(range.end);
  return bounds;
}

/** An instant as local date and time with the zone's offset then, e.g. 2026-03-08T03:00-04:00. */
export function localStamp(timeZone: string, instant: number): string {
  const w = isUtc(timeZone) ? utcWall(instant) : wallClock(timeZone, instant);
  const offset = Math.round((Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi) - Math.floor(instant / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
  return `${formatDay(w)}T${pad(w.h)}:${pad(w.mi)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

function utcWall(instant: number) {
  const date = new Date(instant);
  return {
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
    h: date.getUTCHours(),
    mi: date.getUTCMinutes(),
    s: 0,
  };
}

// ---- UTC-day helpers for the rollups ----------------------------------------------------------

export const utcDayStart = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS;
export const utcDayString = (instant: number) => new Date(utcDayStart(instant)).toISOString().slice(0, 10);
