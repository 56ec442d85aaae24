import type { AnalyticsOverview, AnalyticsPeriod } from "@/lib/schemas/analytics";

/** The `analytics` router's answers, as the Insights screen reads them. */
export type {
  AnalyticsOverview as Overview,
  DeviceShare as DeviceStat,
  LinkAnalytics as LinkStat,
  LocationShare as LocationStat,
  ReferrerShare as ReferrerStat,
  TimelinePoint,
} from "@/lib/schemas/analytics";

export type PeriodDays = AnalyticsPeriod;

export const PERIODS: readonly { days: PeriodDays; label: string }[] = [
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
];

/** Insights opens on the last 7 days. */
export const DEFAULT_PERIOD: PeriodDays = 7;

/** What the cards show before anything loaded, and when loading failed. */
export const EMPTY_OVERVIEW: AnalyticsOverview = {
  total_views: 0,
  total_clicks: 0,
  unique_visitors: 0,
  click_rate: 0,
  unique_clickers: 0,
  visitor_click_rate: 0,
  change: {
    total_views: null,
    total_clicks: null,
    unique_visitors: null,
    click_rate: null,
    unique_clickers: null,
    visitor_click_rate: null,
  },
};
