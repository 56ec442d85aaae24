"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
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
import { analyticsInput, analyticsQueries, browserTimeZone, realtimeQuery, TIME_ZONE_COOKIE, type InsightsView } from "./insights-view";

export { analyticsInput, browserTimeZone } from "./insights-view";

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

function useLogFailure(name: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`Failed to load analytics (${name})`, error);
  }, [name, error]);
}

/**
 * The zone the screen reads days in: first the one the server prefetched in (so its numbers are used as
 * they are), then the browser's, kept in a cookie for the next server render (docs/screens-speed.md#data-on-the-first-view).
 */
export function useTimeZone(serverTimeZone: string): string {
  const tz = useSyncExternalStore(
    noChanges,
    () => browserTimeZone() ?? "UTC",
    () => serverTimeZone,
  );
  // Written only when the server read another zone: UTC needs no cookie, and a kept one is not rewritten.
  useEffect(() => {
    if (tz !== serverTimeZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(tz)}; path=/; max-age=31536000; samesite=lax`;
  }, [tz, serverTimeZone]);
  return tz;
}

const noChanges = () => () => undefined;

/**
 * The screen's analytics calls for one view, in parallel. Failures are only logged and the screen
 * stays at zero. While a new view loads, the previous numbers stay on screen.
 */
export function useAnalytics(view: InsightsView, tz: string, utmField: UtmField) {
  const trpc = useTRPC();
  // Always stale: picking a period (even one seen before) loads it again (docs/product/analytics.md#loading-and-failures).
  // Only the first view's reports, which came with the page (prefetched on the server), are not asked
  // again as the screen mounts: reading them twice drew every chart twice before it could answer a tap.
  const shown = JSON.stringify([analyticsInput(view, tz), utmField]);
  const [firstView] = useState(shown);
  const [viewChanged, setViewChanged] = useState(false);
  if (shown !== firstView && !viewChanged) setViewChanged(true);
  const queries = useQueries({
    queries: analyticsQueries(trpc.analytics, view, tz, utmField, {
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchOnMount: viewChanged,
    }),
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
    /** First load: nothing to show yet. */
    isLoading,
    /** A change of view is loading while the numbers already on screen stay. */
    isRefreshing: !isLoading && queries.some((query) => query.isFetching),
  };
}

/** Views and clicks of the last 30 minutes under the view's filters, asked again every 30 seconds. */
export function useRealtime(view: InsightsView, tz: string) {
  const trpc = useTRPC();
  return useQuery({
    ...realtimeQuery(trpc.analytics, view, tz),
    refetchInterval: REALTIME_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
