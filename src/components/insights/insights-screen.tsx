"use client";

import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { useState } from "react";
import { UTM_FIELDS, type UtmField } from "@/lib/schemas/analytics-terms";
import { PageHeader } from "@/components/ui/page-header";
import { BreakdownCard } from "./breakdown-card";
import { Definitions } from "./definitions";
import { DevicesChart } from "./devices-chart";
import { ExportButton } from "./export-button";
import { FilterChips } from "./filter-chips";
import { LinkDetailDialog } from "./link-detail-dialog";
import { LinkPerformanceTable } from "./link-performance-table";
import { PeriodSelect } from "./period-select";
import { RealtimeCard } from "./realtime-card";
import { SignupsCard } from "./signups-card";
import { SummaryCards } from "./summary-cards";
import { TopLinks } from "./top-links";
import { TrafficChart } from "./traffic-chart";
import { useAnalytics, useTimeZone } from "./use-analytics";
import { useInsightsView, viewDays } from "./use-insights-view";

const UTM_LABELS: Record<UtmField, string> = { source: "Source", medium: "Medium", campaign: "Campaign" };

/**
 * The Insights screen (/insights and /analytics): period or range, filters (kept in the address),
 * summary and live cards, charts, breakdowns, the link table with each link's detail, and definitions.
 * `serverTimeZone` is the zone the page prefetched its first view in.
 */
export function InsightsScreen({ serverTimeZone }: { serverTimeZone: string }) {
  const { view, update, addFilter, removeFilter } = useInsightsView();
  const [utmField, setUtmField] = useState<UtmField>("source");
  const tz = useTimeZone(serverTimeZone);
  const { data, isLoading, isRefreshing } = useAnalytics(view, tz, utmField);
  const active = (name: keyof typeof view.filters) => view.filters[name] ?? [];

  const actions = (
    <div className="relative flex flex-wrap items-center gap-3">
      {/* Below the actions, in the header's margin: appearing on every reload of the reports, it moves nothing. */}
      <span role="status" className="absolute top-full right-0 mt-1 flex items-center gap-2 text-sm whitespace-nowrap text-gray-500">
        {isRefreshing && (
          <>
            <span aria-hidden className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />
            Loading analytics...
          </>
        )}
      </span>
      <PeriodSelect
        view={view}
        onPeriod={(days) => update((v) => ({ ...v, days, from: undefined, to: undefined }))}
        onRange={(from, to) => update((v) => ({ ...v, from, to }))}
      />
      <ExportButton view={view} />
    </div>
  );

  return (
    <HydrateInSlices>
      <>
        <PageHeader title="Insights" description="How people find and use your page." actions={actions} />
        <FilterChips filters={view.filters} onRemove={removeFilter} onClear={() => update((v) => ({ ...v, filters: {} }))} />
        {isLoading ? (
          <div
            role="status"
            className="mt-4 flex min-h-80 flex-col items-center justify-center gap-3 rounded-2xl border border-gray-200 bg-white"
          >
            <span aria-hidden className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
            <p className="text-sm font-medium text-gray-500">Loading analytics...</p>
          </div>
        ) : (
          <div aria-busy={isRefreshing} className={`mt-4 grid grid-cols-1 gap-6 transition-opacity ${isRefreshing ? "opacity-60" : ""}`}>
            <SummaryCards overview={data.overview}>
              <RealtimeCard view={view} tz={tz} />
              <SignupsCard view={view} tz={tz} />
            </SummaryCards>
            <TrafficChart
              data={data.timeline}
              interval={view.interval}
              hourlyAllowed={viewDays(view) <= 7}
              onInterval={(interval) => update((v) => ({ ...v, interval }))}
            />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <TopLinks links={data.links} />
              <DevicesChart devices={data.devices} onFilter={addFilter} active={active("device")} />
              <BreakdownCard
                title="Top Locations"
                description="Visits by country"
                rows={data.locations.map((l) => ({ name: l.name, count: l.count, percentage: l.percentage, value: l.code }))}
                emptyText="No location data yet"
                filter="country"
                onFilter={addFilter}
                active={active("country")}
                numbered
              />
              <BreakdownCard
                title="Top Referrers"
                description="Visits by where they came from"
                rows={data.referrers}
                emptyText="No referrer data yet"
                filter="referrer"
                onFilter={addFilter}
                active={active("referrer")}
              />
              <BreakdownCard
                title="Browsers"
                description="Visits by browser"
                rows={data.browsers}
                emptyText="No browser data yet"
                filter="browser"
                onFilter={addFilter}
                active={active("browser")}
              />
              <BreakdownCard
                title="Operating Systems"
                description="Visits by operating system"
                rows={data.os}
                emptyText="No operating system data yet"
                filter="os"
                onFilter={addFilter}
                active={active("os")}
              />
              <BreakdownCard
                title="Campaigns (UTM)"
                description="Visits by the utm_ tags of the address visitors arrived with"
                rows={data.utm}
                emptyText="No UTM-tagged visits yet"
                {...(utmField === "source" ? { filter: "utm_source" as const, onFilter: addFilter, active: active("utm_source") } : {})}
              >
                <div role="group" aria-label="UTM parameter" className="mb-3 inline-flex gap-1 rounded-xl border border-gray-200 p-1">
                  {UTM_FIELDS.map((field) => (
                    <button
                      key={field}
                      type="button"
                      aria-pressed={utmField === field}
                      onClick={() => setUtmField(field)}
                      className="rounded-lg px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-pressed:bg-brand-600 aria-pressed:text-white"
                    >
                      {UTM_LABELS[field]}
                    </button>
                  ))}
                </div>
              </BreakdownCard>
            </div>
            <LinkPerformanceTable links={data.links} onOpen={(id) => update((v) => ({ ...v, link: id }))} />
            <Definitions />
          </div>
        )}
        {view.link && (
          <LinkDetailDialog
            view={view}
            linkId={view.link}
            countedAs={data?.links.find((link) => link.id === view.link)?.counted_as ?? "clicks"}
            onClose={() => update((v) => ({ ...v, link: undefined }))}
          />
        )}
      </>
    </HydrateInSlices>
  );
}
