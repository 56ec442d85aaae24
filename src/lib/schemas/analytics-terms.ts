// The periods, filters and limits of analytics without their zod schemas, so the Insights screen can
// use them without shipping zod to the browser (the schemas are in analytics.ts).

/** The periods the Insights screen offers: last 7, 30 or 90 days, today included. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DAYS_MESSAGE = "days must be 7, 30 or 90";
export const UNKNOWN_TIME_ZONE = "Unknown time zone";

/** Defaults when a client omits days: 7 days, the timeline 30. */
export const DEFAULT_DAYS: AnalyticsPeriod = 7;
export const DEFAULT_TIMELINE_DAYS: AnalyticsPeriod = 30;

export const DEVICE_TYPES = ["mobile", "tablet", "desktop"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** True for an IANA zone name this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The filters every analytics call accepts: repeatable (any of the values), AND between different filters. */
export const ANALYTICS_FILTERS = ["country", "device", "browser", "os", "referrer", "utm_source"] as const;
export type AnalyticsFilterName = (typeof ANALYTICS_FILTERS)[number];
export type AnalyticsFilters = Partial<Record<AnalyticsFilterName, string[]>>;

export const MAX_RANGE_DAYS = 366;
export const MAX_HOURLY_DAYS = 7;
/** The years a custom range may name: every zone's day, and its previous period, stays a timestamp the databases hold. */
export const RANGE_YEARS = { first: 2000, last: 2100 } as const;
export const RANGE_MESSAGES = {
  date: "Use a date such as 2026-03-31",
  years: `Use a date from ${RANGE_YEARS.first} to ${RANGE_YEARS.last}`,
  both: "from and to go together",
  order: "to must not be before from",
  length: `A range covers at most ${MAX_RANGE_DAYS} days`,
  hourly: `An hourly timeline covers at most ${MAX_HOURLY_DAYS} days`,
} as const;

export const UTM_FIELDS = ["source", "medium", "campaign"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export const REALTIME_MINUTES = 30;
