"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import type { AnalyticsFilterName } from "@/lib/schemas/analytics";
import { addressOf, viewDays, viewOf, type InsightsView } from "./insights-view";

export { viewDays, type InsightsView, type Interval } from "./insights-view";

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
