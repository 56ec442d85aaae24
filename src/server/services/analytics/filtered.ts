// Filtered answers (and one link's): from the in-process event cache (event-cache/), which scans
// a profile's events once per range and filters for all of a screen's calls, or from raw-event SQL
// (events.ts) when the profile does not fit the cache. Both give the same numbers.
import type { AnalyticsFilterName } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import type { Trait } from "./event-cache/columns";
import { clicksByArrival } from "./event-cache/arrivals";
import { cachedEvents, cachedSummary } from "./event-cache/store";
import { byLink, byTrait, slotsOf, type Selection } from "./event-cache/summary";
import {
  clicksByArrivalReferrer,
  eventsBy,
  eventSlots,
  eventTotals,
  storedFilterValues,
  type EventQuery,
  type EventTotals,
} from "./events";
import type { EventColumn } from "./event-columns";
import type { Range } from "./periods";
import { referrerMatches } from "./referrer-names";
import type { SlotCount } from "./rollups";

/** Which stored values a filter's values stand for, as events.ts reads them. */
function allowedBy(name: AnalyticsFilterName, values: string[]): (stored: string) => boolean {
  const stored = storedFilterValues(name, values);
  if (stored === null) return (host) => values.some((value) => referrerMatches(value, host));
  const allowed = new Set(stored);
  return (value) => allowed.has(value);
}

function selectionOf(query: EventQuery): { selection: Selection; key: string } {
  const allowed: Selection["allowed"] = {};
  const parts: string[] = [];
  for (const [name, values] of Object.entries(query.filters) as [AnalyticsFilterName, string[]][]) {
    if (values.length === 0) continue;
    allowed[name satisfies Trait] = allowedBy(name, values);
    parts.push(`${name}=${JSON.stringify([...values].sort())}`);
  }
  parts.sort();
  if (query.linkId !== undefined) parts.push(`link=${query.linkId}`);
  return { selection: { allowed, linkId: query.linkId }, key: parts.join("&") };
}

/** `detailed`: with the per-trait counts (the current period's breakdowns need them, a previous period's totals not). */
const summaryOf = (sql: SqlTarget, query: EventQuery, range: Range, detailed = true) => {
  const { selection, key } = selectionOf(query);
  return cachedSummary(sql, query.profileId, range, selection, key, detailed);
};

/** Views, clicks, unique visitors and unique clickers in each range; ranges after the first are compared with it. */
export async function filteredTotals(sql: SqlTarget, query: EventQuery, ranges: Range[]): Promise<EventTotals[]> {
  const answers: EventTotals[] = [];
  for (const [i, range] of ranges.entries()) {
    const cached = await summaryOf(sql, query, range, i === 0);
    if (!cached) return eventTotals(sql, query, ranges);
    const { views, clicks, visitors, clickers } = cached.summary;
    answers.push({ views, clicks, visitors, clickers });
  }
  return answers;
}

/** Views and clicks by stored value of a trait. */
export async function filteredBy(
  sql: SqlTarget,
  query: EventQuery,
  range: Range,
  column: EventColumn,
): Promise<{ key: string; views: number; clicks: number }[]> {
  const cached = await summaryOf(sql, query, range);
  return cached ? byTrait(cached.events, cached.summary, column) : eventsBy(sql, query, range, column);
}

/** Views (under "") and clicks with unique clickers by link; `compared`: a previous period's. */
export async function filteredLinks(
  sql: SqlTarget,
  query: EventQuery,
  range: Range,
  compared = false,
): Promise<{ key: string; views: number; clicks: number; clickers: number }[]> {
  const cached = await summaryOf(sql, query, range, !compared);
  return cached ? byLink(cached.events, cached.summary) : eventsBy(sql, query, range, "link");
}

/** Views and clicks per 15-minute slot, in time order. */
export async function filteredSlots(sql: SqlTarget, query: EventQuery, range: Range): Promise<SlotCount[]> {
  const cached = await summaryOf(sql, query, range);
  return cached ? slotsOf(cached.summary) : eventSlots(sql, query, range);
}

/** One link's clicks by the referrer its visitors arrived with (events.ts clicksByArrivalReferrer). */
export async function filteredArrivalReferrers(
  sql: SqlTarget,
  query: EventQuery,
  range: Range,
): Promise<{ key: string; clicks: number }[]> {
  const events = await cachedEvents(sql, query.profileId);
  return events ? clicksByArrival(events, range, selectionOf(query).selection) : clicksByArrivalReferrer(sql, query, range);
}
