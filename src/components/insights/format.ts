const integer = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const MINUS = "\u2212";

export function formatCount(value: number): string {
  return integer.format(value);
}

/** K from 1,000, M from 1,000,000, one decimal. */
/** "1 click", "3 plays": a link shown as a player counts presses of play (docs/creators.md#video-and-music-players). */
export function countUnit(count: number, countedAs: "clicks" | "plays"): string {
  const one = countedAs === "plays" ? "play" : "click";
  return count === 1 ? one : countedAs;
}

export function abbreviateCount(value: number): string {
  if (value >= 1_000_000) return `${oneDecimal.format(value / 1_000_000)}M`;
  if (value >= 1_000) return `${oneDecimal.format(value / 1_000)}K`;
  return integer.format(value);
}

export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}%`;
}

/** "+12.5%", "−3%", "+0%"; a true minus sign reads better than a hyphen. */
export function formatChange(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded < 0 ? MINUS : "+";
  return `${sign}${oneDecimal.format(Math.abs(rounded))}%`;
}

/** "YYYY-MM-DD" as a calendar day (never shifted by the browser's time zone). */
function calendarDay(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** Timeline x-axis: the date ("Mon, Mar 9" over up to 7 days, "Mar 9" beyond), never a bare weekday. */
export function formatDay(date: string, days: number): string {
  const options: Intl.DateTimeFormatOptions =
    days <= 7 ? { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" } : { month: "short", day: "numeric", timeZone: "UTC" };
  return calendarDay(date).toLocaleDateString("en-US", options);
}

export function formatLongDay(date: string): string {
  return calendarDay(date).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
}

const regions = new Intl.DisplayNames(["en"], { type: "region" });

/** Country names as stored, two-letter codes spelled out; missing ones read 'Unknown'. */
export function countryName(country: string | null | undefined): string {
  const value = country?.trim();
  if (!value) return "Unknown";
  if (/^[A-Za-z]{2}$/.test(value)) {
    try {
      return regions.of(value.toUpperCase()) ?? value;
    } catch {
      return value;
    }
  }
  return value;
}

export function deviceLabel(device: string): string {
  return device.charAt(0).toUpperCase() + device.slice(1);
}

/** An hourly point's label: its local time ("03:00"), with the weekday when the chart spans days. */
export function formatHour(stamp: string, points: number): string {
  const time = stamp.slice(11, 16);
  return points > 24 ? `${formatDay(stamp.slice(0, 10), 7)} ${time}` : time;
}

export function formatLongHour(stamp: string): string {
  return `${formatLongDay(stamp.slice(0, 10))}, ${stamp.slice(11, 16)}`;
}
