// Page views by one trait of the visit, as `{name, count, percentage}` lists sorted by count:
// devices, countries, referrers (grouped by name), browsers, operating systems and UTM values.
import {
  DEVICE_TYPES,
  UNKNOWN_NAME,
  type BreakdownItem,
  type DeviceShare,
  type DeviceType,
  type LocationShare,
  type ReferrerShare,
  type UtmField,
} from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { breakdownsFrom } from "./breakdowns-written-once";
import { countryName } from "./countries";
import { cachedSummary, loadedEvents } from "./event-cache/store";
import { byTrait } from "./event-cache/summary";
import type { EventColumn } from "./event-columns";
import { eventsBy } from "./events";
import { filteredBy } from "./filtered";
import type { Range } from "./periods";
import { eventQueryOf, percent } from "./queries";
import { referrerName } from "./referrer-names";
import { sumRollups } from "./rollups";
import { isFiltered, periodFor, type AnalyticsScope } from "./scope";

/**
 * A profile's views and clicks in a range by stored value of a trait, unfiltered: the rollups up to
 * the days whose breakdowns are written, the raw events after them (breakdowns-written-once.ts),
 * read from the event cache once it holds them (the unfiltered screen starts loading it), where
 * one pass over those days serves every breakdown of the screen.
 */
export async function breakdownCounts(sql: SqlTarget, profileId: string, range: Range, column: EventColumn): Promise<BreakdownCount[]> {
  const from = await breakdownsFrom(sql);
  const open = { start: Math.max(range.start, from), end: range.end };
  const [written, counted] = await Promise.all([
    range.start < from ? sumRollups(sql, profileId, [column], [{ start: range.start, end: Math.min(range.end, from) }]) : [],
    open.start < open.end ? openDaysBy(sql, profileId, open, column) : [],
  ]);
  const byKey = new Map<string, BreakdownCount>();
  for (const { key, views, clicks } of [...written, ...counted]) {
    const row = byKey.get(key);
    if (row) {
      row.views += views;
      row.clicks += clicks;
    } else byKey.set(key, { key, views, clicks });
  }
  return [...byKey.values()];
}

export interface BreakdownCount {
  key: string;
  views: number;
  clicks: number;
}

async function openDaysBy(sql: SqlTarget, profileId: string, range: Range, column: EventColumn): Promise<BreakdownCount[]> {
  const loaded = loadedEvents(profileId);
  const cached = loaded && range.start >= loaded.heldFrom() ? await openDaysPass(sql, profileId, range) : null;
  return cached ? byTrait(cached.events, cached.summary, column) : eventsBy(sql, { profileId, filters: {} }, range, column);
}

/**
 * The screen's breakdown calls arrive together and ask for the same days: the first one's pass
 * serves those that arrive while it runs (a pass this small is not kept by the cache).
 */
const openPasses = new Map<string, ReturnType<typeof cachedSummary>>();

function openDaysPass(sql: SqlTarget, profileId: string, range: Range): ReturnType<typeof cachedSummary> {
  const key = `${profileId}:${range.start}:${range.end}`;
  let pass = openPasses.get(key);
  if (!pass) {
    pass = cachedSummary(sql, profileId, range, { allowed: {} }, "").finally(() => openPasses.delete(key));
    openPasses.set(key, pass);
  }
  return pass;
}

/** Page views of the period by stored value. */
async function viewsBy(sql: SqlTarget, scope: AnalyticsScope, column: EventColumn): Promise<{ key: string; views: number }[]> {
  const period = periodFor(scope);
  if (isFiltered(scope)) return filteredBy(sql, eventQueryOf(scope), period.current, column);
  return breakdownCounts(sql, scope.profileId, period.current, column);
}

/** Adds up counts under their shown names, leaves out zeros, and sorts by count, then name. */
export function toItems(rows: { name: string; count: number }[]): BreakdownItem[] {
  const counts = new Map<string, number>();
  for (const { name, count } of rows) if (count > 0) counts.set(name, (counts.get(name) ?? 0) + count);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts.entries()]
    .map(([name, count]) => ({ name, count, percentage: percent(count, total) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

const orUnknown = (value: string) => value || UNKNOWN_NAME;

async function breakdown(sql: SqlTarget, scope: AnalyticsScope, column: EventColumn, name: (key: string) => string) {
  return toItems((await viewsBy(sql, scope, column)).map((row) => ({ name: name(row.key), count: row.views })));
}

/** Page views by device type, most first; types never seen are left out. */
export async function getDevices(sql: SqlTarget, scope: AnalyticsScope): Promise<{ devices: DeviceShare[] }> {
  const rows = (await viewsBy(sql, scope, "device")).filter((r) => r.views > 0 && (DEVICE_TYPES as readonly string[]).includes(r.key));
  const total = rows.reduce((sum, r) => sum + r.views, 0);
  const devices = rows
    .map((r) => ({ device_type: r.key as DeviceType, count: r.views, percentage: percent(r.views, total) }))
    .sort((a, b) => b.count - a.count || DEVICE_TYPES.indexOf(a.device_type) - DEVICE_TYPES.indexOf(b.device_type));
  return { devices };
}

/** Page views by country, every country, most first (the screen shows the top 5 and "View all"). */
export async function getLocations(sql: SqlTarget, scope: AnalyticsScope): Promise<{ locations: LocationShare[] }> {
  const rows = await viewsBy(sql, scope, "country");
  const codes = new Map(rows.map((row) => [countryName(row.key), row.key]));
  const items = toItems(rows.map((row) => ({ name: countryName(row.key), count: row.views })));
  return {
    locations: items.map((item) => ({ ...item, country: item.name, visits: item.count, code: codes.get(item.name) ?? "ZZ" })),
  };
}

/** Page views by referrer: "Direct", "QR code", sites by name, other hosts as hosts. */
export async function getReferrers(sql: SqlTarget, scope: AnalyticsScope): Promise<{ referrers: ReferrerShare[] }> {
  const items = await breakdown(sql, scope, "referrer", referrerName);
  return { referrers: items.map((item) => ({ ...item, referrer: item.name, visits: item.count })) };
}

export async function getBrowsers(sql: SqlTarget, scope: AnalyticsScope): Promise<{ browsers: BreakdownItem[] }> {
  return { browsers: await breakdown(sql, scope, "browser", orUnknown) };
}

export async function getOperatingSystems(sql: SqlTarget, scope: AnalyticsScope): Promise<{ os: BreakdownItem[] }> {
  return { os: await breakdown(sql, scope, "os", orUnknown) };
}

/** Page views by a utm_* value of the address visitors arrived with; views without one are left out. */
export async function getUtm(sql: SqlTarget, scope: AnalyticsScope, field: UtmField): Promise<{ utm: BreakdownItem[] }> {
  const rows = (await viewsBy(sql, scope, `utm_${field}`)).filter((row) => row.key !== "");
  return { utm: toItems(rows.map((row) => ({ name: row.key, count: row.views }))) };
}
