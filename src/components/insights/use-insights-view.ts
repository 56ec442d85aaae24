"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { ANALYTICS_FILTERS, ANALYTICS_PERIODS, type AnalyticsFilterName, type AnalyticsFilters } from "@/lib/schemas/analytics";
import { DEFAULT_PERIOD, type PeriodDays } from "./types";

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

function viewOf(params: URLSearchParams): InsightsView {
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

function addressOf(view: InsightsView): string {
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

export function useInsightsView() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname() ?? "/insights";
  const search = params?.toString() ?? "";
  const view = useMemo(() => viewOf(new URLSearchParams(search)), [search]);

  const update = useCallback(
    (change: (view: InsightsView) => InsightsView) => {
      const next = change(viewOf(new URLSearchParams(window.location.search)));
      if (next.interval === "hour" && viewDays(next) > 7) next.interval = "day";
      const query = addressOf(next);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );

  const addFilter = useCallback(
    (name: AnalyticsFilterName, value: string) =>
      update((v) => {
        const values = v.filters[name] ?? [];
        return values.includes(value) ? v : { ...v, filters: { ...v.filters, [name]: [...values, value] } };
      }),
    [update],
  );
  const removeFilter = useCallback(
    (name: AnalyticsFilterName, value: string) =>
      update((v) => {
        const values = (v.filters[name] ?? []).filter((item) => item !== value);
        const filters = { ...v.filters, [name]: values };
        if (values.length === 0) delete filters[name];
        return { ...v, filters };
      }),
    [update],
  );

  return { view, update, addFilter, removeFilter };
}
