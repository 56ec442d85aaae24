import type { ReactNode } from "react";
import { formatCount, formatPercent } from "./format";
import { StatCard } from "./stat-card";
import type { Overview } from "./types";

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

const EYE = "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z";
const POINTER = "M9 9l10.5 4.2-4.4 1.6-1.6 4.4L9 9Zm-5-5 2.1 2.1M12 2v3M2 12h3M6.1 17.9 4 20";
const USERS = "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8";
const RATE = "M19 5 5 19M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm11 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z";

const CLICKERS = "M20 6 9 17l-5-5";

/**
 * Total Views, Total Clicks, Unique Visitors, Click Rate (clicks per view, said beside it) and
 * Visitors Who Clicked, each with its change; then the live card.
 */
export function SummaryCards({ overview, children }: { overview: Overview; children?: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        label="Total Views"
        value={formatCount(overview.total_views)}
        change={overview.change.total_views}
        icon={<Icon path={EYE} />}
      />
      <StatCard
        label="Total Clicks"
        value={formatCount(overview.total_clicks)}
        change={overview.change.total_clicks}
        icon={<Icon path={POINTER} />}
      />
      <StatCard
        label="Unique Visitors"
        value={formatCount(overview.unique_visitors)}
        change={overview.change.unique_visitors}
        icon={<Icon path={USERS} />}
      />
      <StatCard
        label="Click Rate"
        value={formatPercent(overview.click_rate)}
        change={overview.change.click_rate}
        icon={<Icon path={RATE} />}
        note="Clicks per view: passes 100% when visitors open several links."
      />
      <StatCard
        label="Visitors Who Clicked"
        value={formatPercent(overview.visitor_click_rate)}
        change={overview.change.visitor_click_rate}
        icon={<Icon path={CLICKERS} />}
        note={`${formatCount(overview.unique_clickers)} of ${formatCount(overview.unique_visitors)} unique visitors opened a link.`}
      />
      {children}
    </div>
  );
}
