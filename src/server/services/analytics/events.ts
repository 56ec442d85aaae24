// Filtered answers from raw-event SQL: filters combine freely (AND between filters, OR between a
// filter's values), which per-dimension rollups cannot answer. Uniques are count(DISTINCT
// visitor_hash), exact as in the rollups since a hash lives one UTC day. Insights reads the event
// cache first (filtered.ts); this is its fallback when a profile does not fit the cache, and the test oracle.
import type { AnalyticsFilterName, AnalyticsFilters } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { BREAKDOWNS_FROM } from "./breakdowns-written-once";
import { countryCodeOf } from "./countries";
import { EVENT_COLUMNS, type EventColumn } from "./event-columns";
import type { Range } from "./periods";
import { referrerMatches } from "./referrer-names";
import type { SlotCount } from "./rollups";

export interface EventQuery {
  profileId: string;
  filters: AnalyticsFilters;
  /** One link's clicks only. */
  linkId?: string;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const iso = (instant: number) => new Date(instant).toISOString();
const UNKNOWN_VALUES = new Set(["unknown", ""]);

/**
 * The referrer hosts this profile has seen whose name (or host) a filter value gives: in the
 * rollups, and in the raw events of the days whose breakdowns are not written yet.
 */
async function referrerHosts(sql: SqlTarget, profileId: string, values: string[]): Promise<string[]> {
  const rows = await sql.query<{ key: string }>(
    `SELECT key FROM "AnalyticsDaily" WHERE profile_id = $1 AND dimension = 'referrer'
     UNION SELECT referrer_host FROM "AnalyticsEvent" WHERE profile_id = $1 AND created_at >= ${BREAKDOWNS_FROM}`,
    [profileId],
  );
  return rows.map((row) => row.key).filter((host) => values.some((value) => referrerMatches(value, host)));
}

/**
 * The stored values a filter's values stand for ("Unknown" is the empty browser or OS, countries
 * are named, devices any case); null for a referrer filter, which matches hosts by name
 * (referrerMatches).
 */
export function storedFilterValues(name: AnalyticsFilterName, values: string[]): string[] | null {
  switch (name) {
    case "country":
      return values.map(countryCodeOf).filter((code): code is string => code !== null);
    case "device":
      return values.map((value) => value.toLowerCase());
    case "browser":
    case "os":
      return values.map((value) => (UNKNOWN_VALUES.has(value.toLowerCase()) ? "" : value));
    case "referrer":
      return null;
    case "utm_source":
      return values;
  }
}

/** Stored values a filter's values stand for, a referrer's among the hosts this profile has seen. */
async function storedValues(sql: SqlTarget, profileId: string, name: AnalyticsFilterName, values: string[]): Promise<string[]> {
  return storedFilterValues(name, values) ?? referrerHosts(sql, profileId, values);
}

/** The WHERE clause of a profile's events in a range under the query's filters. */
async function whereOf(sql: SqlTarget, query: EventQuery, range: Range, params: Params): Promise<string> {
  const conditions = [
    `profile_id = ${params.add(query.profileId)}`,
    `created_at >= ${params.add(iso(range.start))}::timestamptz`,
    `created_at < ${params.add(iso(range.end))}::timestamptz`,
  ];
  if (query.linkId) conditions.push(`type = 'click' AND link_id = ${params.add(query.linkId)}`);
  for (const [name, values] of Object.entries(query.filters) as [AnalyticsFilterName, string[]][]) {
    if (values.length === 0) continue;
    const stored = await storedValues(sql, query.profileId, name, values);
    conditions.push(`${EVENT_COLUMNS[name]} = ANY(${params.add(stored)}::text[])`);
  }
  return conditions.join(" AND ");
}

export interface EventTotals {
  views: number;
  clicks: number;
  visitors: number;
  clickers: number;
}

/** Views, clicks, unique visitors and unique clickers in each range. */
export async function eventTotals(sql: SqlTarget, query: EventQuery, ranges: Range[]): Promise<EventTotals[]> {
  const answers: EventTotals[] = [];
  for (const range of ranges) {
    const params = new Params();
    const where = await whereOf(sql, query, range, params);
    const [row] = await sql.query<EventTotals>(
      `SELECT count(*) FILTER (WHERE type = 'view')::int AS views, count(*) FILTER (WHERE type = 'click')::int AS clicks,
              count(DISTINCT visitor_hash) FILTER (WHERE type = 'view')::int AS visitors,
              count(DISTINCT visitor_hash) FILTER (WHERE type = 'click')::int AS clickers
         FROM "AnalyticsEvent" WHERE ${where}`,
      params.values,
    );
    answers.push(row ?? { views: 0, clicks: 0, visitors: 0, clickers: 0 });
  }
  return answers;
}

export interface EventGroup {
  key: string;
  views: number;
  clicks: number;
  /** Unique clickers of the group. */
  clickers: number;
}

/** Views and clicks grouped by a column ("link" groups clicks by link). */
export async function eventsBy(sql: SqlTarget, query: EventQuery, range: Range, column: EventColumn | "link"): Promise<EventGroup[]> {
  const params = new Params();
  const where = await whereOf(sql, query, range, params);
  const group = column === "link" ? "coalesce(link_id, '')" : EVENT_COLUMNS[column];
  return sql.query<EventGroup>(
    `SELECT ${group} AS key, count(*) FILTER (WHERE type = 'view')::int AS views, count(*) FILTER (WHERE type = 'click')::int AS clicks,
            count(DISTINCT visitor_hash) FILTER (WHERE type = 'click')::int AS clickers
       FROM "AnalyticsEvent" WHERE ${where} GROUP BY 1`,
    params.values,
  );
}

/** Views and clicks per 15-minute slot, in time order (bucketed by rollups.ts's bucketSlots). */
export async function eventSlots(sql: SqlTarget, query: EventQuery, range: Range): Promise<SlotCount[]> {
  const params = new Params();
  const where = await whereOf(sql, query, range, params);
  return sql.query<SlotCount>(
    `SELECT floor(extract(epoch FROM created_at) / 900)::float8 AS slot,
            count(*) FILTER (WHERE type = 'view')::int AS views, count(*) FILTER (WHERE type = 'click')::int AS clicks
       FROM "AnalyticsEvent" WHERE ${where} GROUP BY 1 ORDER BY 1`,
    params.values,
  );
}

/**
 * A link's clicks by the referrer its visitor arrived on the page with: each click takes the
 * referrer of the same visitor's first counted page view that UTC day (a visitor hash lives one UTC
 * day), or its own when none is stored (clicks recorded before the beacon sent document.referrer
 * carry the page's own address).
 */
export async function clicksByArrivalReferrer(sql: SqlTarget, query: EventQuery, range: Range): Promise<{ key: string; clicks: number }[]> {
  const params = new Params();
  const where = await whereOf(sql, query, range, params);
  const dayStart = params.add(iso(Math.floor(range.start / 86_400_000) * 86_400_000));
  const end = params.add(iso(range.end));
  return sql.query<{ key: string; clicks: number }>(
    `WITH clicks AS (SELECT visitor_hash, referrer_host FROM "AnalyticsEvent" WHERE ${where}),
          arrivals AS (
            SELECT DISTINCT ON (visitor_hash) visitor_hash, referrer_host FROM "AnalyticsEvent"
             WHERE profile_id = $1 AND type = 'view' AND created_at >= ${dayStart}::timestamptz AND created_at < ${end}::timestamptz
               AND visitor_hash IN (SELECT visitor_hash FROM clicks)
             ORDER BY visitor_hash, created_at)
     SELECT coalesce(a.referrer_host, c.referrer_host) AS key, count(*)::int AS clicks
       FROM clicks c LEFT JOIN arrivals a USING (visitor_hash) GROUP BY 1`,
    params.values,
  );
}
