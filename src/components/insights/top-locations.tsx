import { countryName, formatCount, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";
import type { LocationStat } from "./types";

/** Top Locations shows at most five. */
const SHOWN = 5;

/** Top Locations: a numbered list of countries by visits. */
export function TopLocations({ locations, className }: { locations: LocationStat[]; className?: string }) {
  const top = [...locations].sort((a, b) => b.visits - a.visits).slice(0, SHOWN);
  return (
    <SectionCard title="Top Locations" description="Visits by country" className={className}>
      {top.length === 0 ? (
        <EmptyState text="No location data yet" />
      ) : (
        <ol className="grid grid-cols-1 gap-3">
          {top.map((location, index) => {
            const name = countryName(location.country);
            return (
              <li key={`${location.country ?? "unknown"}-${index}`} className="flex items-center gap-3 text-sm">
                <span
                  aria-hidden
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-medium text-gray-800">{name}</span>
                    <span className="shrink-0 text-gray-500 tabular-nums">
                      {formatCount(location.visits)} {location.visits === 1 ? "visit" : "visits"}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-gray-100">
                    <div
                      className="h-full rounded-full bg-brand-500"
                      style={{ width: `${Math.min(100, Math.max(0, location.percentage))}%` }}
                    />
                  </div>
                </div>
                <span className="w-12 shrink-0 text-right font-semibold text-gray-900 tabular-nums">
                  {formatPercent(location.percentage)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </SectionCard>
  );
}
