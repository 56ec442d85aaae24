import { abbreviateCount, countUnit, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";
import type { LinkStat } from "./types";

const SHOWN = 5;

/** The bar is the click share times four, capped so it never overflows. */
export function barWidth(percentage: number): string {
  return `${Math.min(100, Math.max(0, percentage * 4))}%`;
}

/** Top Links: the most clicked links, each with its share of clicks as a bar; links without clicks are not ranked. */
export function TopLinks({ links }: { links: LinkStat[] }) {
  const top = links
    .filter((link) => link.clicks > 0)
    .sort((a, b) => b.clicks - a.clicks)
    .slice(0, SHOWN);
  return (
    <SectionCard title="Top Links" description="Share of all clicks">
      {top.length === 0 ? (
        <EmptyState text="No link data yet" />
      ) : (
        <ul className="grid grid-cols-1 gap-4">
          {top.map((link) => (
            <li key={link.id}>
              <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-gray-800" title={link.title}>
                  {link.title}
                </span>
                <span className="shrink-0 text-gray-500 tabular-nums">
                  {abbreviateCount(link.clicks)} {countUnit(link.clicks, link.counted_as)}
                </span>
              </div>
              <div
                role="meter"
                aria-label={`${link.title} share of clicks`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(link.click_percentage * 10) / 10}
                aria-valuetext={formatPercent(link.click_percentage)}
                className="h-2 overflow-hidden rounded-full bg-gray-100"
              >
                <div
                  className="h-full rounded-full bg-gradient-to-r from-brand-500 to-violet-500"
                  style={{ width: barWidth(link.click_percentage) }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
