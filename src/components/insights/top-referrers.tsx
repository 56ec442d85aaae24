import { formatCount, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";
import type { ReferrerStat } from "./types";

const SHOWN = 5;

/** Top Referrers: where visits came from, the page's QR code and direct visits included. */
export function TopReferrers({ referrers, className }: { referrers: ReferrerStat[]; className?: string }) {
  const top = referrers.slice(0, SHOWN);
  return (
    <SectionCard title="Top Referrers" description="Visits by where they came from" className={className}>
      {top.length === 0 ? (
        <EmptyState text="No referrer data yet" />
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {top.map((entry) => (
            <li key={entry.referrer} className="flex items-center gap-3 text-sm">
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-gray-800">{entry.referrer}</span>
                  <span className="shrink-0 text-gray-500 tabular-nums">
                    {formatCount(entry.visits)} {entry.visits === 1 ? "visit" : "visits"}
                  </span>
                </div>
                <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-gray-100">
                  <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(0, entry.percentage))}%` }} />
                </div>
              </div>
              <span className="w-12 shrink-0 text-right font-semibold text-gray-900 tabular-nums">{formatPercent(entry.percentage)}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
