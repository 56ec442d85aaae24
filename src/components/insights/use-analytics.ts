"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { BreakdownItem, UtmField } from "@/lib/schemas/analytics";
import { useTRPC } from "@/trpc/react";
import {
  EMPTY_OVERVIEW,
  type DeviceStat,
  type LinkStat,
  type LocationStat,
  type Overview,
  type ReferrerStat,
  type TimelinePoint,
} from "./types";
import type { InsightsView } from "./use-insights-view";

export interface AnalyticsData {
  overview: Overview;
  links: LinkStat[];
  timeline: TimelinePoint[];
  devices: DeviceStat[];
  locations: LocationStat[];
  referrers: ReferrerStat[];
  browsers: BreakdownItem[];
  os: BreakdownItem[];
  utm: BreakdownItem[];
}

/** The live card asks again this often, without a reload. */
export const REALTIME_POLL_MS = 30_000;

/** The browser's time zone, so "a day" on the chart is the creator's day. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function useLogFailure(name: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`Failed to load analytics (${name})`, error);
  }, [name, error]);
}

/** The input every analytics call takes for a view: period or range, zone and filters. */
export function analyticsInput(view: InsightsView, tz: string | undefined) {
  return { days: view.days, tz, ...(view.from && view.to ? { from: view.from, to: view.to } : {}), ...view.filters };
}

/**
 * The screen's analytics calls for one view, in parallel. Failures are only logged and the screen
 * stays at zero. While a new view loads, the previous numbers stay on screen.
 */
export function useAnalytics(view: InsightsView, utmField: UtmField) {
  const trpc = useTRPC();
  const [tz] = useState(browserTimeZone);
  const input = analyticsInput(view, tz);
  // Always stale: picking a period (even one seen before) loads it again (docs/product/analytics.md#loading-and-failures).
  const options = { placeholderData: keepPreviousData, staleTime: 0 };
  const queries = useQueries({
    queries: [
      { ...trpc.analytics.overview.queryOptions(input), ...options },
      { ...trpc.analytics.links.queryOptions(input), ...options },
      { ...trpc.analytics.timeline.queryOptions({ ...input, interval: view.interval }), ...options },
      { ...trpc.analytics.devices.queryOptions(input), ...options },
      { ...trpc.analytics.locations.queryOptions(input), ...options },
      { ...trpc.analytics.referrers.queryOptions(input), ...options },
      { ...trpc.analytics.browsers.queryOptions(input), ...options },
      { ...trpc.analytics.os.queryOptions(input), ...options },
      { ...trpc.analytics.utm.queryOptions({ ...input, field: utmField }), ...options },
    ],
  });
  const [overview, links, timeline, devices, locations, referrers, browsers, os, utm] = queries;
  useLogFailure("overview", overview.error);
  useLogFailure("links", links.error);
  useLogFailure("timeline", timeline.error);
  useLogFailure("devices", devices.error);
  useLogFailure("locations", locations.error);
  useLogFailure("referrers", referrers.error);
  useLogFailure("browsers", browsers.error);
  useLogFailure("os", os.error);
  useLogFailure("utm", utm.error);

  const data: AnalyticsData = {
    overview: overview.data ?? EMPTY_OVERVIEW,
    links: links.data?.links ?? [],
    timeline: timeline.data?.data ?? [],
    devices: devices.data?.devices ?? [],
    locations: locations.data?.locations ?? [],
    referrers: referrers.data?.referrers ?? [],
    browsers: browsers.data?.browsers ?? [],
    os: os.data?.os ?? [],
    utm: utm.data?.utm ?? [],
  };
  const isLoading = queries.some((query) => query.isPending);
  return {
    data,
    tz,
    /** First load: nothing to show yet. */
    isLoading,
    /** A change of view is loading while the numbers already on screen stay. */
    isRefreshing: !isLoading && queries.some((query) => query.isFetching),
  };
}

/** Views and clicks of the last 30 minutes under the view's filters, asked again every 30 seconds. */
export function useRealtime(view: InsightsView) {
  const trpc = useTRPC();
  const [tz] = useState(browserTimeZone);
  return useQuery({
    ...trpc.analytics.realtime.queryOptions({ tz, ...view.filters }),
    refetchInterval: REALTIME_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
