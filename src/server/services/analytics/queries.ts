// The Insights answers for one profile, period and filters: from the rollups (rollups.ts) when
// unfiltered, with cut days' uniques from the event cache once it is loaded (cached-day-parts.ts),
// from the raw events when filtered (filtered.ts: the event cache, or SQL).
import { parseEmbed } from "@/lib/embeds/parse";
import type { AnalyticsOverview, Change, LinkAnalytics, TimelinePoint } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { cachedDayPartUniques } from "./cached-day-parts";
import { warmEventCache } from "./event-cache/store";
import type { EventTotals } from "./events";
import { filteredLinks, filteredSlots, filteredTotals } from "./filtered";
import { hourBounds, localStamp } from "./periods";
import { bucketSlots, dailySeries, sumRollups, type RollupRow } from "./rollups";
import { isFiltered, periodFor, type AnalyticsScope } from "./scope";

export { periodFor, type AnalyticsScope } from "./scope";

const CURRENT = 0;
const PREVIOUS = 1;

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
export const change = (current: number, previous: number): Change =>
  previous > 0 ? round1(((current - previous) / previous) * 100) : null;

export function pick(rows: RollupRow[], period: number, dimension: RollupRow["dimension"], key = "") {
  return rows.find((r) => r.period === period && r.dimension === dimension && r.key === key) ?? { views: 0, clicks: 0, uniques: 0 };
}

export const eventQueryOf = (scope: AnalyticsScope) => ({ profileId: scope.profileId, filters: scope.filters ?? {} });

/** The period's and the previous period's totals, uniques included. */
async function totals(sql: SqlTarget, scope: AnalyticsScope): Promise<[EventTotals, EventTotals]> {
  const period = periodFor(scope);
  if (isFiltered(scope)) {
    const [now, before] = await filteredTotals(sql, eventQueryOf(scope), [period.current, period.previous]);
    return [now!, before!];
  }
  warmEventCache(sql, scope.profileId);
  const rows = await sumRollups(
    sql,
    scope.profileId,
    ["total", "clicked"],
    [period.current, period.previous],
    { of: ["visitors", "anyClick"], periods: [CURRENT, PREVIOUS] },
    cachedDayPartUniques(sql, scope.profileId),
  );
  const of = (index: number): EventTotals => {
    const total = pick(rows, index, "total");
    return { views: total.views, clicks: total.clicks, visitors: total.uniques, clickers: pick(rows, index, "clicked").uniques };
  };
  return [of(CURRENT), of(PREVIOUS)];
}

const clickRate = (c: EventTotals) => (c.views > 0 ? (c.clicks / c.views) * 100 : 0);
/** Visitors who clicked, percent of visitors; a clicker whose view was not counted (a repeat) cannot lift it past 100. */
const visitorClickRate = (c: EventTotals) => (c.visitors > 0 ? Math.min(100, (c.clickers / c.visitors) * 100) : 0);
/** Relative change of a rate, from unrounded rates. */
const rateChange = (now: number, before: number) => (before > 0 ? round1(((now - before) / before) * 100) : null);

export async function getOverview(sql: SqlTarget, scope: AnalyticsScope): Promise<AnalyticsOverview> {
  const [now, before] = await totals(sql, scope);
  return {
    total_views: now.views,
    total_clicks: now.clicks,
    unique_visitors: now.visitors,
    click_rate: round1(clickRate(now)),
    unique_clickers: now.clickers,
    visitor_click_rate: round1(visitorClickRate(now)),
    change: {
      total_views: change(now.views, before.views),
      total_clicks: change(now.clicks, before.clicks),
      unique_visitors: change(now.visitors, before.visitors),
      click_rate: rateChange(clickRate(now), clickRate(before)),
      unique_clickers: change(now.clickers, before.clickers),
      visitor_click_rate: rateChange(visitorClickRate(now), visitorClickRate(before)),
    },
  };
}

interface LinkCounts {
  views: number;
  clicks: Map<string, { clicks: number; uniques: number }>;
  previousClicks: Map<string, number>;
}

async function linkCounts(sql: SqlTarget, scope: AnalyticsScope): Promise<LinkCounts> {
  const period = periodFor(scope);
  if (isFiltered(scope)) {
    const query = eventQueryOf(scope);
    const [now, before] = await Promise.all([filteredLinks(sql, query, period.current), filteredLinks(sql, query, period.previous, true)]);
    return {
      views: now.reduce((sum, group) => sum + group.views, 0),
      clicks: new Map(now.map((group) => [group.key, { clicks: group.clicks, uniques: group.clickers }])),
      previousClicks: new Map(before.map((group) => [group.key, group.clicks])),
    };
  }
  const rows = await sumRollups(
    sql,
    scope.profileId,
    ["total", "link"],
    [period.current, period.previous],
    { of: ["clickers"], periods: [CURRENT] },
    cachedDayPartUniques(sql, scope.profileId),
  );
  const links = (index: number) => rows.filter((row) => row.period === index && row.dimension === "link");
  return {
    views: pick(rows, CURRENT, "total").views,
    clicks: new Map(links(CURRENT).map((row) => [row.key, { clicks: row.clicks, uniques: row.uniques }])),
    previousClicks: new Map(links(PREVIOUS).map((row) => [row.key, row.clicks])),
  };
}

/** A link the page shows as a player, whose clicks are presses of play (docs/creators.md#video-and-music-players). */
function playsOnPage(link: { link_type: string; url: string; show_as_player: boolean; is_adult: boolean }): boolean {
  return (
    link.show_as_player && !link.is_adult && link.link_type !== "header" && link.link_type !== "social" && parseEmbed(link.url) !== null
  );
}

/** Every clickable link of the profile (headers are not), busiest first. */
export async function getLinkAnalytics(sql: SqlTarget, scope: AnalyticsScope): Promise<{ links: LinkAnalytics[] }> {
  const [links, counts] = await Promise.all([
    sql.query<{ id: string; title: string; link_type: string; position: number; url: string; show_as_player: boolean; is_adult: boolean }>(
      `SELECT id, title, link_type::text AS link_type, position, url, show_as_player, is_adult FROM "Link" WHERE profile_id = $1 ORDER BY position, created_at`,
      [scope.profileId],
    ),
    linkCounts(sql, scope),
  ]);
  const totalClicks = [...counts.clicks.values()].reduce((sum, link) => sum + link.clicks, 0);
  const result = links
    .map((link, order) => {
      const now = counts.clicks.get(link.id) ?? { clicks: 0, uniques: 0 };
      return {
        order,
        header: link.link_type === "header",
        dto: {
          id: link.id,
          title: link.title,
          clicks: now.clicks,
          unique_clicks: now.uniques,
          click_percentage: percent(now.clicks, totalClicks),
          ctr: percent(now.clicks, counts.views),
          trend: change(now.clicks, counts.previousClicks.get(link.id) ?? 0),
          counted_as: playsOnPage(link) ? "plays" : "clicks",
        } satisfies LinkAnalytics,
      };
    })
    .filter((entry) => !entry.header || entry.dto.clicks > 0)
    .sort((a, b) => b.dto.clicks - a.dto.clicks || a.order - b.order);
  return { links: result.map((entry) => entry.dto) };
}

export type Interval = "day" | "hour";

/** The buckets of a timeline: each one's label and first instant, plus the end; hours stop at the current one. */
export function timelineBuckets(scope: AnalyticsScope, interval: Interval): { labels: string[]; bounds: number[] } {
  const period = periodFor(scope);
  if (interval === "day") return { labels: period.dates, bounds: period.bounds };
  const tz = scope.tz ?? "UTC";
  const all = hourBounds(tz, period.current);
  const now = (scope.now ?? new Date()).getTime();
  // The hours that have begun, then the end of the last of them.
  const started = all.slice(0, -1).filter((at) => at <= now);
  const bounds = [...started, all[started.length] ?? all[all.length - 1]!];
  return { labels: started.map((at) => localStamp(tz, at)), bounds };
}

export async function getTimeline(sql: SqlTarget, scope: AnalyticsScope, interval: Interval = "day"): Promise<{ data: TimelinePoint[] }> {
  const { labels, bounds } = timelineBuckets(scope, interval);
  const series = isFiltered(scope)
    ? bucketSlots(bounds, await filteredSlots(sql, eventQueryOf(scope), { start: bounds[0]!, end: bounds[bounds.length - 1]! }))
    : await dailySeries(sql, scope.profileId, bounds);
  return { data: labels.map((date, i) => ({ date, ...series[i]! })) };
}
