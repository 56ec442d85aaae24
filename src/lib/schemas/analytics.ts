import { z } from "zod";

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

const daysSchema = z.literal(ANALYTICS_PERIODS, { error: DAYS_MESSAGE });

const tzSchema = z.string({ error: UNKNOWN_TIME_ZONE }).trim().max(64, UNKNOWN_TIME_ZONE).refine(isTimeZone, UNKNOWN_TIME_ZONE);

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

const change = z.number().nullable().meta({ description: "Percent change against the previous period; null when it was 0." });
export type Change = z.infer<typeof change>;

export const analyticsOverview = z.object({
  total_views: z.number().int(),
  total_clicks: z.number().int(),
  unique_visitors: z.number().int(),
  // Rounded to one decimal.
  click_rate: z.number().meta({ description: "Clicks per view, percent." }),
  change: z.object({ total_views: change, total_clicks: change, unique_visitors: change, click_rate: change }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

const linkAnalytics = z.object({
  id: z.string(),
  title: z.string(),
  clicks: z.number().int(),
  unique_clicks: z.number().int(),
  // Share of all clicks in the period, percent.
  click_percentage: z.number(),
  // Clicks per page view, percent.
  ctr: z.number(),
  trend: change,
});
export type LinkAnalytics = z.infer<typeof linkAnalytics>;
export const analyticsLinks = z.object({ links: z.array(linkAnalytics) });

// `date` is the day in the requested time zone.
const timelinePoint = z.object({ date: z.string().meta({ description: "YYYY-MM-DD" }), views: z.number().int(), clicks: z.number().int() });
export type TimelinePoint = z.infer<typeof timelinePoint>;
export const analyticsTimeline = z.object({ data: z.array(timelinePoint) });

const deviceShare = z.object({ device_type: z.enum(DEVICE_TYPES), count: z.number().int(), percentage: z.number() });
export type DeviceShare = z.infer<typeof deviceShare>;
export const analyticsDevices = z.object({ devices: z.array(deviceShare) });

// `country` is the English name, or 'Unknown'.
const locationShare = z.object({ country: z.string(), visits: z.number().int(), percentage: z.number() });
export type LocationShare = z.infer<typeof locationShare>;
export const analyticsLocations = z.object({ locations: z.array(locationShare) });

const referrerShare = z.object({
  referrer: z.string().meta({ description: 'The referring host, "QR code" for visits through the page\'s QR code, or "Direct".' }),
  visits: z.number().int(),
  percentage: z.number(),
});
export type ReferrerShare = z.infer<typeof referrerShare>;
export const analyticsReferrers = z.object({ referrers: z.array(referrerShare) });

/** The referrer of a visit that sent none (typed address, app, bookmark). */
export const DIRECT_REFERRER = "Direct";

export const analyticsCsv = z.object({ filename: z.string(), csv: z.string() });
export type AnalyticsCsv = z.infer<typeof analyticsCsv>;
