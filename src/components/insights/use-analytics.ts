"use client";

import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/trpc/react";
import {
  EMPTY_OVERVIEW,
  type DeviceStat,
  type LinkStat,
  type LocationStat,
  type Overview,
  type ReferrerStat,
  type PeriodDays,
  type TimelinePoint,
} from "./types";

export interface AnalyticsData {
  overview: Overview;
  links: LinkStat[];
  timeline: TimelinePoint[];
  devices: DeviceStat[];
  locations: LocationStat[];
  referrers: ReferrerStat[];
}

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

/**
 * The six analytics calls for one period, in parallel. Failures are only logged and
 * the screen stays at zero. While a new period loads, the previous numbers stay on screen.
 */
export function useAnalytics(days: PeriodDays) {
  const trpc = useTRPC();
  const [tz] = useState(browserTimeZone);
  const input = { days, tz };
  // Always stale: picking a period (even one seen before) loads it again (docs/product/analytics.md#loading-and-failures).
  const options = { placeholderData: keepPreviousData, staleTime: 0 };
  const [overview, links, timeline, devices, locations, referrers] = useQueries({
    queries: [
      { ...trpc.analytics.overview.queryOptions(input), ...options },
      { ...trpc.analytics.links.queryOptions(input), ...options },
      { ...trpc.analytics.timeline.queryOptions(input), ...options },
      { ...trpc.analytics.devices.queryOptions(input), ...options },
      { ...trpc.analytics.locations.queryOptions(input), ...options },
      { ...trpc.analytics.referrers.queryOptions(input), ...options },
    ],
  });
  const all = [overview, links, timeline, devices, locations, referrers];
  useLogFailure("overview", overview.error);
  useLogFailure("links", links.error);
  useLogFailure("timeline", timeline.error);
  useLogFailure("devices", devices.error);
  useLogFailure("locations", locations.error);
  useLogFailure("referrers", referrers.error);

  const data: AnalyticsData = {
    overview: overview.data ?? EMPTY_OVERVIEW,
    links: links.data?.links ?? [],
    timeline: timeline.data?.data ?? [],
    devices: devices.data?.devices ?? [],
    locations: locations.data?.locations ?? [],
    referrers: referrers.data?.referrers ?? [],
  };
  const isLoading = all.some((query) => query.isPending);
  return {
    data,
    /** First load: nothing to show yet. */
    isLoading,
    /** A period change is loading while the numbers already on screen stay. */
    isRefreshing: !isLoading && all.some((query) => query.isFetching),
  };
}
