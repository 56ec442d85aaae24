// Which profile, period, zone and filters an analytics call is about.
import type { AnalyticsFilters, AnalyticsPeriod } from "@/lib/schemas/analytics";
import { localDay, parseDay, periodBetween, periodOf, type Period } from "./periods";

export interface AnalyticsScope {
  profileId: string;
  days: AnalyticsPeriod;
  /** IANA zone for day boundaries; UTC when absent. */
  tz?: string;
  /** A custom range of local days (both included), replacing days; checked by the input schema. */
  from?: string;
  to?: string;
  filters?: AnalyticsFilters;
  /** The clock; tests fix it. */
  now?: Date;
}

export function periodFor(scope: AnalyticsScope): Period {
  const tz = scope.tz ?? "UTC";
  const now = scope.now ?? new Date();
  if (scope.from && scope.to) return periodBetween(parseDay(scope.from), parseDay(scope.to), tz, localDay(tz, now.getTime()));
  return periodOf(scope.days, tz, now);
}

/** Filtered calls read the raw events; unfiltered ones the rollups. */
export const isFiltered = (scope: AnalyticsScope) => Object.values(scope.filters ?? {}).some((values) => values.length > 0);
