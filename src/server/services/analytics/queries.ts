// The Insights answers for one profile and period, from the rollups (see rollups.ts).
import type {
  AnalyticsOverview,
  AnalyticsPeriod,
  Change,
  DeviceShare,
  DeviceType,
  LinkAnalytics,
  LocationShare,
  ReferrerShare,
  TimelinePoint,
} from "@/lib/schemas/analytics";
import { DEVICE_TYPES, DIRECT_REFERRER } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { periodOf, type Period } from "./periods";
import { dailySeries, sumRollups, type RollupRow } from "./rollups";
import { UNKNOWN_COUNTRY } from "./visitor";

export interface AnalyticsScope {
  profileId: string;
  days: AnalyticsPeriod;
  /** IANA zone for day boundaries; UTC when absent. */
  tz?: string;
  /** The clock; tests fix it. */
  now?: Date;
}

const CURRENT = 0;
const PREVIOUS = 1;

export function periodFor(scope: AnalyticsScope): Period {
  return periodOf(scope.days, scope.tz ?? "UTC", scope.now ?? new Date());
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
export const change = (current: number, previous: number): Change =>
  previous > 0 ? round1(((current - previous) / previous) * 100) : null;

function pick(rows: RollupRow[], period: number, dimension: RollupRow["dimension"], key = "") {
  return rows.find((r) => r.period === period && r.dimension === dimension && r.key === key) ?? { views: 0, clicks: 0, uniques: 0 };
}

export async function getOverview(sql: SqlTarget, scope: AnalyticsScope): Promise<AnalyticsOverview> {
  const period = periodFor(scope);
  const rows = await sumRollups(sql, scope.profileId, ["total"], [period.current, period.previous], {
    of: "visitors",
    periods: [CURRENT, PREVIOUS],
  });
  const now = pick(rows, CURRENT, "total");
  const before = pick(rows, PREVIOUS, "total");
  const rate = (c: { views: number; clicks: number }) => (c.views > 0 ? (c.clicks / c.views) * 100 : 0);
  return {
    total_views: now.views,
    total_clicks: now.clicks,
    unique_visitors: now.uniques,
    click_rate: round1(rate(now)),
    change: {
      total_views: change(now.views, before.views),
      total_clicks: change(now.clicks, before.clicks),
      unique_visitors: change(now.uniques, before.uniques),
      // Relative change of the rate itself, from unrounded rates.
      click_rate: before.views > 0 && before.clicks > 0 ? round1(((rate(now) - rate(before)) / rate(before)) * 100) : null,
    },
  };
}

/** Every clickable link of the profile (headers are not), busiest first. */
export async function getLinkAnalytics(sql: SqlTarget, scope: AnalyticsScope): Promise<{ links: LinkAnalytics[] }> {
  const period = periodFor(scope);
  const [links, rows] = await Promise.all([
    sql.query<{ id: string; title: string; link_type: string; position: number }>(
      `SELECT id, title, link_type::text AS link_type, position FROM "Link" WHERE profile_id = $1 ORDER BY position, created_at`,
      [scope.profileId],
    ),
    sumRollups(sql, scope.profileId, ["total", "link"], [period.current, period.previous], {
      of: "clickers",
      periods: [CURRENT],
    }),
  ]);
  const total = pick(rows, CURRENT, "total");
  const result = links
    .map((link, order) => {
      const now = pick(rows, CURRENT, "link", link.id);
      const before = pick(rows, PREVIOUS, "link", link.id);
      return {
        order,
        header: link.link_type === "header",
        dto: {
          id: link.id,
          title: link.title,
          clicks: now.clicks,
          unique_clicks: now.uniques,
          click_percentage: percent(now.clicks, total.clicks),
          ctr: percent(now.clicks, total.views),
          trend: change(now.clicks, before.clicks),
        } satisfies LinkAnalytics,
      };
    })
    .filter((entry) => !entry.header || entry.dto.clicks > 0)
    .sort((a, b) => b.dto.clicks - a.dto.clicks || a.order - b.order);
  return { links: result.map((entry) => entry.dto) };
}

export async function getTimeline(sql: SqlTarget, scope: AnalyticsScope): Promise<{ data: TimelinePoint[] }> {
  const period = periodFor(scope);
  const series = await dailySeries(sql, scope.profileId, period.bounds);
  return { data: period.dates.map((date, i) => ({ date, ...series[i]! })) };
}

/** Page views by device type, most first; types never seen are left out. */
export async function getDevices(sql: SqlTarget, scope: AnalyticsScope): Promise<{ devices: DeviceShare[] }> {
  const period = periodFor(scope);
  const rows = await sumRollups(sql, scope.profileId, ["device"], [period.current]);
  const total = rows.reduce((sum, r) => sum + r.views, 0);
  const devices = rows
    .filter((r) => r.views > 0 && (DEVICE_TYPES as readonly string[]).includes(r.key))
    .map((r) => ({ device_type: r.key as DeviceType, count: r.views, percentage: percent(r.views, total) }))
    .sort((a, b) => b.count - a.count || DEVICE_TYPES.indexOf(a.device_type) - DEVICE_TYPES.indexOf(b.device_type));
  return { devices };
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

export function countryName(code: string): string {
  if (code === UNKNOWN_COUNTRY) return "Unknown";
  try {
    return regionNames.of(code) ?? "Unknown";
  } catch {
    return "Unknown";
  }
}

/** Page views by country, most first (the screen shows the top 5). */
export async function getLocations(sql: SqlTarget, scope: AnalyticsScope): Promise<{ locations: LocationShare[] }> {
  const period = periodFor(scope);
  const rows = await sumRollups(sql, scope.profileId, ["country"], [period.current]);
  const visits = new Map<string, number>();
  for (const row of rows) {
    if (row.views === 0) continue;
    const name = countryName(row.key);
    visits.set(name, (visits.get(name) ?? 0) + row.views);
  }
  const total = [...visits.values()].reduce((a, b) => a + b, 0);
  const locations = [...visits.entries()]
    .map(([country, count]) => ({ country, visits: count, percentage: percent(count, total) }))
    .sort((a, b) => b.visits - a.visits || a.country.localeCompare(b.country));
  return { locations };
}

/** Page views by referrer (host, "QR code" or "Direct"), most first. */
export async function getReferrers(sql: SqlTarget, scope: AnalyticsScope): Promise<{ referrers: ReferrerShare[] }> {
  const period = periodFor(scope);
  const rows = (await sumRollups(sql, scope.profileId, ["referrer"], [period.current])).filter((row) => row.views > 0);
  const total = rows.reduce((sum, row) => sum + row.views, 0);
  const referrers = rows
    .map((row) => ({ referrer: row.key || DIRECT_REFERRER, visits: row.views, percentage: percent(row.views, total) }))
    .sort((a, b) => b.visits - a.visits || a.referrer.localeCompare(b.referrer));
  return { referrers };
}
