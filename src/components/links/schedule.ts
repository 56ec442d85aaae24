/** A link's schedule as the creator sees it: in the browser's (the creator's) time zone. */

export type ScheduleState = "scheduled" | "expired" | "live";

const pad = (value: number) => String(value).padStart(2, "0");

/** A moment as a datetime-local input's value ("2026-11-26T10:30") in this time zone; "" for none. */
export function toLocalInput(moment: Date | null | undefined): string {
  if (!moment) return "";
  const date = new Date(moment);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read in this time zone; null when empty, undefined when it is no date. */
export function fromLocalInput(value: string): Date | null | undefined {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Scheduled before its start, expired from its end on (the public page's rule, to the second); live otherwise. */
export function scheduleState(link: { starts_at: Date | null; ends_at: Date | null }, now: number): ScheduleState {
  if (link.starts_at && new Date(link.starts_at).getTime() > now) return "scheduled";
  if (link.ends_at && new Date(link.ends_at).getTime() <= now) return "expired";
  return "live";
}

/** "Nov 26, 2026, 10:30 AM" in this time zone. */
export function formatMoment(moment: Date): string {
  return new Date(moment).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** The browser's time zone name, e.g. "Europe/Paris". */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";
}
