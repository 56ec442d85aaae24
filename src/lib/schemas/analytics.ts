import { z } from "zod";

/** The periods the Insights screen offers (spec 9): last 7, 30 or 90 days, today included. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DAYS_MESSAGE = "days must be 7, 30 or 90";
export const UNKNOWN_TIME_ZONE = "Unknown time zone";

/** Defaults when a client omits days (spec 9): 7 days, the timeline 30. */
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

const daysSchema = z.literal(ANALYTICS_PERIODS, { error: DAYS_MESSAGE });

const tzSchema = z
  .string({ error: UNKNOWN_TIME_ZONE })
  .trim()
  .max(64, UNKNOWN_TIME_ZONE)
  .refine(isTimeZone, UNKNOWN_TIME_ZONE);

/** `{ days: 7 | 30 | 90, tz?: IANA name }`; without tz, days are UTC days. Omitted days take the default. */
export function analyticsQuerySchema(defaultDays: AnalyticsPeriod = DEFAULT_DAYS) {
  return z
    .object({
      days: daysSchema.default(defaultDays),
      tz: tzSchema.optional(),
    })
    .prefault({});
}

export const analyticsQueryInput = analyticsQuerySchema(DEFAULT_DAYS);
export const timelineQueryInput = analyticsQuerySchema(DEFAULT_TIMELINE_DAYS);
export type AnalyticsQueryInput = z.input<typeof analyticsQueryInput>;
export type AnalyticsQuery = z.output<typeof analyticsQueryInput>;

// ---- Answers (what the Insights screen and the REST adapter receive) ---------------------------

/** Percent change against the previous period of the same length; null when that period was 0. */
export type Change = number | null;

export interface AnalyticsOverview {
  total_views: number;
  total_clicks: number;
  unique_visitors: number;
  /** clicks / views, percent, one decimal. */
  click_rate: number;
  change: { total_views: Change; total_clicks: Change; unique_visitors: Change; click_rate: Change };
}

export interface LinkAnalytics {
  id: string;
  title: string;
  clicks: number;
  unique_clicks: number;
  /** Share of all clicks in the period, percent. */
  click_percentage: number;
  /** clicks / page views, percent. */
  ctr: number;
  trend: Change;
}

export interface TimelinePoint {
  date: string; // YYYY-MM-DD in the requested time zone
  views: number;
  clicks: number;
}

export interface DeviceShare {
  device_type: DeviceType;
  count: number;
  percentage: number;
}

export interface LocationShare {
  country: string; // English name, or 'Unknown'
  visits: number;
  percentage: number;
}

export interface ReferrerShare {
  /** The referring site's host, "QR code" for visits through the page's QR code, or "Direct". */
  referrer: string;
  visits: number;
  percentage: number;
}

/** The referrer of a visit that sent none (typed address, app, bookmark). */
export const DIRECT_REFERRER = "Direct";

export const analyticsCsv = z.object({ filename: z.string(), csv: z.string() });
export type AnalyticsCsv = z.infer<typeof analyticsCsv>;
