import type { keepPreviousData } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { ANALYTICS_FILTERS, ANALYTICS_PERIODS, isTimeZone, type AnalyticsFilters, type UtmField } from "@/lib/schemas/analytics-terms";
import type { AppRouter } from "@/server/api/root";
import { DEFAULT_PERIOD, type PeriodDays } from "./types";

// Plain functions shared by the Insights page on the server (its prefetch) and the screen in the browser.

export type Interval = "day" | "hour";

/** What the screen shows, kept in the address so a filtered view can be bookmarked and shared. */
export interface InsightsView {
  days: PeriodDays;
  from?: string;
  to?: string;
  interval: Interval;
  filters: AnalyticsFilters;
  /** The link whose detail is open. */
  link?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function viewOf(params: URLSearchParams): InsightsView {
  const days = Number(params.get("days"));
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const filters: AnalyticsFilters = {};
  for (const name of ANALYTICS_FILTERS) {
    const values = params.getAll(name).filter((value) => value.trim() !== "");
    if (values.length > 0) filters[name] = values;
  }
  return {
    days: (ANALYTICS_PERIODS as readonly number[]).includes(days) ? (days as PeriodDays) : DEFAULT_PERIOD,
    ...(DATE.test(from) && DATE.test(to) && from <= to ? { from, to } : {}),
    interval: params.get("interval") === "hour" ? "hour" : "day",
    filters,
    ...(params.get("link") ? { link: params.get("link")! } : {}),
  };
}

export function addressOf(view: InsightsView): string {
  const params = new URLSearchParams();
  if (view.from && view.to) {
    params.set("from", view.from);
    params.set("to", view.to);
  } else if (view.days !== DEFAULT_PERIOD) params.set("days", String(view.days));
  if (view.interval === "hour") params.set("interval", "hour");
  for (const name of ANALYTICS_FILTERS) for (const value of view.filters[name] ?? []) params.append(name, value);
  if (view.link) params.set("link", view.link);
  return params.toString();
}

/** Days the view covers (the hourly chart is offered up to 7). */
export function viewDays(view: InsightsView): number {
  if (!view.from || !view.to) return view.days;
  return Math.round((Date.parse(`${view.to}T00:00:00Z`) - Date.parse(`${view.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The browser's time zone, so "a day" on the chart is the creator's day. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The cookie the screen keeps the browser's time zone in, so the server reads the same days it would. */
export const TIME_ZONE_COOKIE = "tz";

/** The time zone the server prefetches Insights in: the browser's last one, else UTC (what the browser then corrects). */
export function prefetchTimeZone(cookieValue: string | undefined): string {
  return cookieValue && cookieValue.length <= 64 && isTimeZone(cookieValue) ? cookieValue : "UTC";
}

/** The input every analytics call takes for a view: period or range, zone and filters. */
export function analyticsInput(view: InsightsView, tz: string | undefined) {
  return { days: view.days, tz, ...(view.from && view.to ? { from: view.from, to: view.to } : {}), ...view.filters };
}

type AnalyticsOptions = TRPCOptionsProxy<AppRouter>["analytics"];

/** How the browser keeps the reports: while a new view loads, the previous numbers stay. */
interface ReportOptions {
  placeholderData?: typeof keepPreviousData;
  staleTime?: number;
  refetchOnMount?: boolean;
}

/** The screen's nine report calls for a view, in the order useAnalytics reads them. */
export function analyticsQueries(
  analytics: AnalyticsOptions,
  view: InsightsView,
  tz: string | undefined,
  utmField: UtmField,
  options: ReportOptions = {},
) {
  const input = analyticsInput(view, tz);
  return [
    analytics.overview.queryOptions(input, options),
    analytics.links.queryOptions(input, options),
    analytics.timeline.queryOptions({ ...input, interval: view.interval }, options),
    analytics.devices.queryOptions(input, options),
    analytics.locations.queryOptions(input, options),
    analytics.referrers.queryOptions(input, options),
    analytics.browsers.queryOptions(input, options),
    analytics.os.queryOptions(input, options),
    analytics.utm.queryOptions({ ...input, field: utmField }, options),
  ] as const;
}

/** The sign-ups card's call: confirmed sign-ups of the view's period or range. */
export function signupsQuery(audience: TRPCOptionsProxy<AppRouter>["audience"], view: InsightsView, tz: string | undefined) {
  const { days, from, to } = analyticsInput(view, tz);
  return audience.insights.queryOptions({ days, tz, ...(from && to ? { from, to } : {}) });
}

/** The live card's call: the last 30 minutes under the view's filters. */
export function realtimeQuery(analytics: AnalyticsOptions, view: InsightsView, tz: string | undefined) {
  return analytics.realtime.queryOptions({ tz, ...view.filters });
}
