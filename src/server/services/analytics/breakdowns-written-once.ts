// Breakdowns written once (docs/analytics.md#breakdowns-written-once): a batch writes only the
// rollups that carry uniques ("total", "link", "clicked"). Spread over many pages nearly every
// breakdown row a batch touched was a page's first of the day for its key, so writing them per
// batch cost about a dozen row upserts per view. The days after AnalyticsBreakdownsThrough are
// counted from the raw events; the freeze (frozen-days.ts) writes a closed day's breakdown rows
// from its raw events, once, and moves the mark. A batch late for a day on or before the mark
// writes that day's breakdowns itself, as every batch used to.
import type { SqlTarget } from "@/server/db/sql-target";
import { EVENT_COLUMNS, type EventColumn } from "./event-columns";
import { DAY_MS, SLOT_MS, SLOTS_PER_DAY, utcDayString } from "./periods";

/** The dimensions every batch writes: the ones whose uniques the visitor-day rows count. */
export const BATCH_DIMENSIONS: readonly string[] = ["total", "link", "clicked"];

/** The last UTC day whose breakdown rollups are written, as a date. */
export const BREAKDOWNS_THROUGH = `(SELECT day FROM "AnalyticsBreakdownsThrough")`;
/** The first instant whose breakdowns are counted from the raw events. */
export const BREAKDOWNS_FROM = `((${BREAKDOWNS_THROUGH} + 1)::timestamp AT TIME ZONE 'UTC')`;

/**
 * The first instant (a UTC midnight) whose breakdowns are counted from the raw events. A reader
 * that splits a range here stays exact even if the freeze moves the mark meanwhile: the rollups
 * it reads before this instant are written, and the raw events after it outlive them by months.
 */
export async function breakdownsFrom(sql: SqlTarget): Promise<number> {
  const [row] = await sql.query<{ day: string }>(`SELECT (day + 1)::text AS day FROM "AnalyticsBreakdownsThrough"`);
  return Date.parse(`${row!.day}T00:00:00Z`);
}

/** A utm_* breakdown counts only events that carried that parameter, as the writer's rows do. */
const counted = (dimension: EventColumn, column: string) => (dimension.startsWith("utm_") ? `${column} <> ''` : "true");

const DIMENSIONS = Object.keys(EVENT_COLUMNS) as EventColumn[];

/**
 * A closed day's breakdown rows from its raw events ($1 the day, $2 and $3 its bounds, $4 its first
 * slot since the epoch): daily counters and frozen 15-minute slots (sparse, as the writer's).
 */
const BUILD = `
WITH counts AS (
  ${DIMENSIONS.map(
    (dimension) => `SELECT profile_id, '${dimension}' AS dimension, ${EVENT_COLUMNS[dimension]} AS key,
       floor(extract(epoch FROM created_at) / ${SLOT_MS / 1000})::int - $4::int + 1 AS slot,
       count(*) FILTER (WHERE type = 'view')::int AS views, count(*) FILTER (WHERE type = 'click')::int AS clicks
     FROM "AnalyticsEvent" WHERE created_at >= $2::timestamptz AND created_at < $3::timestamptz
       AND ${counted(dimension, EVENT_COLUMNS[dimension])} GROUP BY 1, 3, 4`,
  ).join("\n  UNION ALL ")}
), daily AS (
  INSERT INTO "AnalyticsDaily" (profile_id, dimension, day, key, views, clicks, uniques)
  SELECT profile_id, dimension, $1::date, key, sum(views), sum(clicks), 0 FROM counts GROUP BY 1, 2, 4
), keys AS (
  SELECT profile_id, dimension, key, max(slot) AS last FROM counts GROUP BY 1, 2, 3
)
INSERT INTO "AnalyticsFrozenSlots" (profile_id, dimension, day, key, views, clicks)
SELECT k.profile_id, k.dimension, $1::date, k.key, array_agg(nullif(c.views, 0) ORDER BY s), array_agg(nullif(c.clicks, 0) ORDER BY s)
  FROM keys k CROSS JOIN LATERAL generate_series(1, k.last) AS s
  LEFT JOIN counts c ON c.profile_id = k.profile_id AND c.dimension = k.dimension AND c.key = k.key AND c.slot = s
 GROUP BY k.profile_id, k.dimension, k.key`;

/** Breakdown rows a day may hold from before it was counted from the raw events (batches wrote them). */
const STALE_TABLES = ["AnalyticsDaily", "AnalyticsDailySlots", "AnalyticsFrozenSlots"];

/** Whether a UTC day's breakdown rows are written; read under the day's freeze lock, it stays so until the transaction ends. */
export async function breakdownsWritten(tx: SqlTarget, day: number): Promise<boolean> {
  const [row] = await tx.query<{ written: boolean }>(`SELECT ${BREAKDOWNS_THROUGH} >= $1::date AS written`, [utcDayString(day)]);
  return row?.written === true;
}

/**
 * Writes a closed UTC day's breakdown rows from its raw events and moves the mark to it, under the
 * day's freeze lock, once the days before it are written (the freeze takes days in order).
 */
export async function writeBreakdownsOnce(tx: SqlTarget, day: number): Promise<void> {
  for (const table of STALE_TABLES) {
    await tx.query(`DELETE FROM "${table}" WHERE day = $1::date AND dimension <> ALL($2::text[])`, [utcDayString(day), BATCH_DIMENSIONS]);
  }
  await tx.query(BUILD, [
    utcDayString(day),
    new Date(day).toISOString(),
    new Date(day + DAY_MS).toISOString(),
    (day / DAY_MS) * SLOTS_PER_DAY,
  ]);
  await tx.query(`UPDATE "AnalyticsBreakdownsThrough" SET day = $1::date WHERE day < $1::date`, [utcDayString(day)]);
}
