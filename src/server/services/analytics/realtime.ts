// The live card: views and clicks of the last 30 minutes, from the raw events (the event cache when filtered).
import { REALTIME_MINUTES, type AnalyticsRealtime } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { eventTotals } from "./events";
import { filteredTotals } from "./filtered";
import { eventQueryOf } from "./queries";
import { isFiltered, type AnalyticsScope } from "./scope";

/** A minute of slack past now, so an event stamped by an instance whose clock runs ahead still counts. */
const CLOCK_SLACK_MS = 60_000;

export async function getRealtime(sql: SqlTarget, scope: AnalyticsScope): Promise<AnalyticsRealtime> {
  const now = (scope.now ?? new Date()).getTime();
  const since = now - REALTIME_MINUTES * 60_000;
  const totalsOf = isFiltered(scope) ? filteredTotals : eventTotals;
  const [totals] = await totalsOf(sql, eventQueryOf(scope), [{ start: since, end: now + CLOCK_SLACK_MS }]);
  return { views: totals!.views, clicks: totals!.clicks, since: new Date(since).toISOString() };
}
