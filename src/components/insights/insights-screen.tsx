"use client";

import { useState } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { DevicesChart } from "./devices-chart";
import { ExportButton } from "./export-button";
import { LinkPerformanceTable } from "./link-performance-table";
import { PeriodSelect } from "./period-select";
import { SummaryCards } from "./summary-cards";
import { TopLinks } from "./top-links";
import { TopLocations } from "./top-locations";
import { TopReferrers } from "./top-referrers";
import { TrafficChart } from "./traffic-chart";
import { DEFAULT_PERIOD, type PeriodDays } from "./types";
import { useAnalytics } from "./use-analytics";

/** The Insights screen (/insights and /analytics): period, summary cards, charts and the link table. */
export function InsightsScreen() {
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  const { data, isLoading, isRefreshing } = useAnalytics(days);

  const actions = (
    <div className="flex flex-wrap items-center gap-3">
      {isRefreshing && (
        <span role="status" className="flex items-center gap-2 text-sm text-gray-500">
          <span aria-hidden className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />
          Loading analytics...
        </span>
      )}
      <PeriodSelect value={days} onChange={setDays} />
      <ExportButton days={days} />
    </div>
  );

  return (
    <>
      <PageHeader title="Insights" description="How people find and use your page." actions={actions} />
      {isLoading ? (
        <div role="status" className="flex min-h-80 flex-col items-center justify-center gap-3 rounded-2xl border border-gray-200 bg-white">
          <span aria-hidden className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
          <p className="text-sm font-medium text-gray-500">Loading analytics...</p>
        </div>
      ) : (
        <div aria-busy={isRefreshing} className={`grid grid-cols-1 gap-6 transition-opacity ${isRefreshing ? "opacity-60" : ""}`}>
          <SummaryCards overview={data.overview} />
          <TrafficChart data={data.timeline} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <TopLinks links={data.links} />
            <DevicesChart devices={data.devices} />
            <TopLocations locations={data.locations} />
            <TopReferrers referrers={data.referrers} />
          </div>
          <LinkPerformanceTable links={data.links} />
        </div>
      )}
    </>
  );
}
