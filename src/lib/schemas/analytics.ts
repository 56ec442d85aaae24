import { z } from "zod";
import {
  ANALYTICS_FILTERS,
  ANALYTICS_PERIODS,
  DAYS_MESSAGE,
  DEFAULT_DAYS,
  DEFAULT_TIMELINE_DAYS,
  DEVICE_TYPES,
  isTimeZone,
  MAX_HOURLY_DAYS,
  MAX_RANGE_DAYS,
  RANGE_MESSAGES,
  RANGE_YEARS,
  REALTIME_MINUTES,
  UNKNOWN_TIME_ZONE,
  UTM_FIELDS,
  type AnalyticsFilterName,
  type AnalyticsFilters,
  type AnalyticsPeriod,
} from "./analytics-terms";
import { recordId } from "./record-id";

export * from "./analytics-terms";

const daysSchema = z.literal(ANALYTICS_PERIODS, { error: DAYS_MESSAGE });

const tzSchema = z.string({ error: UNKNOWN_TIME_ZONE }).trim().max(64, UNKNOWN_TIME_ZONE).refine(isTimeZone, UNKNOWN_TIME_ZONE);

const filterValues = z
  .array(z.string().trim().min(1, "Give a value").max(100, "At most 100 characters"), { error: "A list of values" })
  .max(20, "At most 20 values")
  .optional();

const dayNumber = (text: string) => {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.getTime() / 86_400_000 : null;
};

const isWithinRangeYears = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= RANGE_YEARS.first && year <= RANGE_YEARS.last;
};

const dateSchema = z
  .string({ error: RANGE_MESSAGES.date })
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, RANGE_MESSAGES.date)
  .refine((text) => dayNumber(text) !== null, RANGE_MESSAGES.date)
  .refine((text) => dayNumber(text) === null || isWithinRangeYears(text), RANGE_MESSAGES.years)
  .meta({
    description: `A day in the time zone tz (YYYY-MM-DD, years ${RANGE_YEARS.first} to ${RANGE_YEARS.last}); with \`to\`, replaces \`days\`.`,
  });

const filterFields = Object.fromEntries(
  ANALYTICS_FILTERS.map((name) => [
    name,
    filterValues.meta({ description: `Only events whose ${name} is one of these (repeat the parameter).` }),
  ]),
) as Record<AnalyticsFilterName, typeof filterValues>;

function queryObject(defaultDays: AnalyticsPeriod) {
  return z.object({
    days: daysSchema.default(defaultDays),
    tz: tzSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    ...filterFields,
  });
}

/** Days in the custom range, or null without one. */
export function rangeDays(query: { from?: string; to?: string }): number | null {
  if (!query.from || !query.to) return null;
  return (dayNumber(query.to) ?? 0) - (dayNumber(query.from) ?? 0) + 1;
}

function checkRange(query: { from?: string; to?: string; days: number; interval?: "day" | "hour" }, ctx: z.RefinementCtx) {
  if (Boolean(query.from) !== Boolean(query.to)) {
    ctx.addIssue({ code: "custom", path: [query.from ? "to" : "from"], message: RANGE_MESSAGES.both });
    return;
  }
  const days = rangeDays(query);
  if (days !== null && days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_MESSAGES.order });
  else if (days !== null && days > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_MESSAGES.length });
  else if (query.interval === "hour" && (days ?? query.days) > MAX_HOURLY_DAYS) {
    ctx.addIssue({ code: "custom", path: ["interval"], message: RANGE_MESSAGES.hourly });
  }
}

/**
 * `{ days: 7 | 30 | 90, tz?, from?, to?, ...filters }`; without tz, days are UTC days. Omitted days
 * take the default; `from` and `to` (local days, both included) replace days.
 */
export function analyticsQuerySchema(defaultDays: AnalyticsPeriod = DEFAULT_DAYS) {
  return queryObject(defaultDays).superRefine(checkRange).prefault({});
}

export const analyticsQueryInput = analyticsQuerySchema(DEFAULT_DAYS);
export const timelineQueryInput = queryObject(DEFAULT_TIMELINE_DAYS)
  .extend({
    interval: z
      .enum(["day", "hour"], { error: "interval must be day or hour" })
      .default("day")
      .meta({
        description: `day, or hour for ranges of at most ${MAX_HOURLY_DAYS} days (points at each local hour's start, with its UTC offset).`,
      }),
  })
  .superRefine(checkRange)
  .prefault({});
export const linkDetailInput = queryObject(DEFAULT_DAYS).extend({ id: recordId }).superRefine(checkRange);
export type AnalyticsQueryInput = z.input<typeof analyticsQueryInput>;
export type AnalyticsQuery = z.output<typeof analyticsQueryInput>;
export type TimelineQuery = z.output<typeof timelineQueryInput>;

/** The filters of a query, without the empty ones. */
export function filtersOf(query: Partial<Record<AnalyticsFilterName, string[] | undefined>>): AnalyticsFilters {
  const filters: AnalyticsFilters = {};
  for (const name of ANALYTICS_FILTERS) if (query[name]?.length) filters[name] = query[name];
  return filters;
}

// ---- Answers (what the Insights screen and the REST adapter receive) ---------------------------

const change = z.number().nullable().meta({ description: "Percent change against the previous period; null when it was 0." });
export type Change = z.infer<typeof change>;

const percentOfVisitors = z.number().meta({ description: "Unique visitors who clicked a link, percent of unique visitors (at most 100)." });

export const analyticsOverview = z.object({
  total_views: z.number().int(),
  total_clicks: z.number().int(),
  unique_visitors: z.number().int(),
  // Rounded to one decimal.
  click_rate: z.number().meta({ description: "Clicks per view, percent (can pass 100 when visitors click several links)." }),
  unique_clickers: z.number().int().meta({ description: "Unique visitors who clicked at least one link." }),
  visitor_click_rate: percentOfVisitors,
  change: z.object({
    total_views: change,
    total_clicks: change,
    unique_visitors: change,
    click_rate: change,
    unique_clickers: change,
    visitor_click_rate: change,
  }),
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
  counted_as: z
    .enum(["clicks", "plays"])
    .meta({ description: "What a click on this link is: a press of play for links shown as players, else a click." }),
});
export type LinkAnalytics = z.infer<typeof linkAnalytics>;
export const analyticsLinks = z.object({ links: z.array(linkAnalytics) });

const timelinePoint = z.object({
  date: z.string().meta({
    description: "The local day (YYYY-MM-DD), or with interval=hour the local hour's start with its UTC offset (2026-03-08T03:00-04:00).",
  }),
  views: z.number().int(),
  clicks: z.number().int(),
});
export type TimelinePoint = z.infer<typeof timelinePoint>;
export const analyticsTimeline = z.object({ data: z.array(timelinePoint) });

/** One row of every breakdown: `count` is page views (a link's clicks in a link's detail), `percentage` its share of the list. */
export const breakdownItem = z.object({ name: z.string(), count: z.number().int(), percentage: z.number() });
export type BreakdownItem = z.infer<typeof breakdownItem>;

const deviceShare = z.object({ device_type: z.enum(DEVICE_TYPES), count: z.number().int(), percentage: z.number() });
export type DeviceShare = z.infer<typeof deviceShare>;
export const analyticsDevices = z.object({ devices: z.array(deviceShare) });

// `country` and `name` are the English name, or 'Unknown'; `code` the ISO 3166-1 code ("ZZ" unknown).
const locationShare = breakdownItem.extend({
  country: z.string(),
  visits: z.number().int(),
  code: z.string().meta({ description: 'ISO 3166-1 alpha-2 code, "ZZ" when unknown; the country filter takes it or the name.' }),
});
export type LocationShare = z.infer<typeof locationShare>;
export const analyticsLocations = z.object({ locations: z.array(locationShare) });

const referrerShare = breakdownItem.extend({
  referrer: z.string().meta({ description: "Same as name; kept for one release." }),
  visits: z.number().int().meta({ description: "Same as count; kept for one release." }),
});
export type ReferrerShare = z.infer<typeof referrerShare>;
export const analyticsReferrers = z.object({ referrers: z.array(referrerShare) });

export const analyticsBrowsers = z.object({ browsers: z.array(breakdownItem) });
export const analyticsOs = z.object({ os: z.array(breakdownItem) });
export const analyticsUtm = z.object({ utm: z.array(breakdownItem) });

export const utmQueryInput = queryObject(DEFAULT_DAYS)
  .extend({ field: z.enum(UTM_FIELDS, { error: "field must be source, medium or campaign" }).default("source") })
  .superRefine(checkRange)
  .prefault({});

export const analyticsRealtime = z.object({
  views: z.number().int(),
  clicks: z.number().int(),
  since: z.string().meta({ description: `The start of the last ${REALTIME_MINUTES} minutes (ISO 8601, UTC).` }),
});
export type AnalyticsRealtime = z.infer<typeof analyticsRealtime>;

export const analyticsLinkDetail = z.object({
  id: z.string(),
  title: z.string(),
  clicks: z.number().int(),
  unique_clicks: z.number().int(),
  timeline: z.array(z.object({ date: z.string(), clicks: z.number().int() })),
  referrers: z.array(breakdownItem),
  countries: z.array(breakdownItem),
  devices: z.array(breakdownItem),
});
export type AnalyticsLinkDetail = z.infer<typeof analyticsLinkDetail>;

/** The referrer of a visit that sent none (typed address, app, bookmark). */
export const DIRECT_REFERRER = "Direct";
/** Browsers, systems and countries the visit did not tell. */
export const UNKNOWN_NAME = "Unknown";

export const EXPORT_FORMATS = ["csv", "json"] as const;
export const exportQueryInput = queryObject(DEFAULT_DAYS)
  .extend({ format: z.enum(EXPORT_FORMATS, { error: "format must be csv or json" }).default("csv") })
  .superRefine(checkRange)
  .prefault({});
export const analyticsExport = z.object({ filename: z.string(), content_type: z.string(), content: z.string() });
export type AnalyticsExport = z.infer<typeof analyticsExport>;
