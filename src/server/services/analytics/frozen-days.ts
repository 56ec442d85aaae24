// Closed UTC days frozen (docs/analytics.md#frozen-days): a day's visitor-day rows, one per visitor
// and kind, grow like the events; once the day has closed they are replaced by its uniques' first
// and last slots counted per slot ("AnalyticsFrozenUniques"), which answer every cut of the day the
// rows answered, exactly, and its slot rows move to full pages ("AnalyticsFrozenSlots"). A batch
// late for a frozen day thaws its uniques first (the visitor-day rows rebuilt from the raw events,
// which outlive the freeze by months), so its visitors are neither lost nor counted twice; its
// slot counts go to a new open row that readers add. The next freeze takes the day again. Both
// hold the day's advisory lock. The freeze also writes the day's breakdowns once
// (breakdowns-written-once.ts).
import type { SqlTarget } from "@/server/db/sql-target";
import { BREAKDOWNS_THROUGH, breakdownsWritten, writeBreakdownsOnce } from "./breakdowns-written-once";
import { DAY_MS, SLOT_MS, SLOTS_PER_DAY, utcDayStart } from "./periods";

/** Days still kept as visitor-day rows: today, and yesterday for batches that commit past midnight. */
export const OPEN_DAYS = 2;

/** The advisory lock space of a UTC day's freeze (its key: days since the epoch). */
const FREEZE_LOCK = 38_005;

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** Kind of unique of a visitor-day row, and its key, as the rollups name them. */
const DIMENSION_OF_ROW = `CASE link_id WHEN '' THEN 'total' WHEN '*' THEN 'clicked' ELSE 'link' END`;
const KEY_OF_ROW = `CASE WHEN link_id IN ('', '*') THEN '' ELSE link_id END`;
/** 1-based slot of a visitor-day row's time within its day. */
const slotOf = (column: string) =>
  `(floor(extract(epoch FROM ${column}) / ${SLOT_MS / 1000})::int - (day - DATE '1970-01-01') * ${SLOTS_PER_DAY} + 1)`;

/**
 * Counts each day's visitors by first and by last slot, per kind and key, from the visitor-day
 * rows that `where` selects. The migration 20261128120300_analytics_sketches runs the same.
 */
const FREEZE = (where: string) => `
WITH seen AS (
  SELECT profile_id, day, ${DIMENSION_OF_ROW} AS dimension, ${KEY_OF_ROW} AS key, ${slotOf("first_at")} AS first_slot, ${slotOf("last_at")} AS last_slot
    FROM "AnalyticsVisitorDay" WHERE ${where}
), firsts AS (
  SELECT profile_id, day, dimension, key, first_slot AS slot, count(*)::int AS n FROM seen GROUP BY 1, 2, 3, 4, 5
), lasts AS (
  SELECT profile_id, day, dimension, key, last_slot AS slot, count(*)::int AS n FROM seen GROUP BY 1, 2, 3, 4, 5
), keys AS (
  SELECT DISTINCT profile_id, day, dimension, key FROM seen
)
INSERT INTO "AnalyticsFrozenUniques" (profile_id, dimension, day, key, first_seen, last_seen)
SELECT k.profile_id, k.dimension, k.day, k.key, array_agg(coalesce(f.n, 0) ORDER BY s.slot), array_agg(coalesce(l.n, 0) ORDER BY s.slot)
  FROM keys k CROSS JOIN generate_series(1, ${SLOTS_PER_DAY}) AS s(slot)
  LEFT JOIN firsts f ON f.profile_id = k.profile_id AND f.day = k.day AND f.dimension = k.dimension AND f.key = k.key AND f.slot = s.slot
  LEFT JOIN lasts l ON l.profile_id = k.profile_id AND l.day = k.day AND l.dimension = k.dimension AND l.key = k.key AND l.slot = s.slot
 GROUP BY 1, 2, 3, 4
ON CONFLICT (profile_id, dimension, day, key) DO UPDATE SET first_seen = EXCLUDED.first_seen, last_seen = EXCLUDED.last_seen`;

/**
 * Moves a day's open slot rows onto its frozen ones, adding them up where a late batch left one
 * beside a frozen row (element by element: an empty slot is NULL, and arrays end at their last count).
 */
const MOVE_SLOTS = `
WITH open AS (DELETE FROM "AnalyticsDailySlots" WHERE day = $1::date RETURNING *)
INSERT INTO "AnalyticsFrozenSlots" AS f (profile_id, dimension, day, key, views, clicks)
SELECT profile_id, dimension, day, key, views, clicks FROM open
ON CONFLICT (profile_id, dimension, day, key) DO UPDATE
  SET views = ARRAY(SELECT nullif(coalesce(a, 0) + coalesce(b, 0), 0) FROM unnest(f.views, EXCLUDED.views) WITH ORDINALITY AS u(a, b, i) ORDER BY i),
      clicks = ARRAY(SELECT nullif(coalesce(a, 0) + coalesce(b, 0), 0) FROM unnest(f.clicks, EXCLUDED.clicks) WITH ORDINALITY AS u(a, b, i) ORDER BY i)`;

/** Takes a UTC day's freeze lock until the transaction ends. */
export async function lockDay(tx: SqlTarget, day: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${FREEZE_LOCK}, $1::int)`, [Math.floor(day / DAY_MS)]);
}

/**
 * Freezes every day before the open ones (`now`'s today and yesterday) that still has
 * visitor-day rows or open slot rows, a day per transaction, then vacuums the open tables. Not
 * inside a transaction (VACUUM). Safe to repeat; returns the days frozen.
 */
export async function freezeClosedDays(sql: SqlTarget, now: Date): Promise<string[]> {
  const firstOpen = isoDay(utcDayStart(now.getTime()) - (OPEN_DAYS - 1) * DAY_MS);
  // Every closed day after the breakdowns' mark is taken, events or not, so the mark moves on.
  const days = await sql.query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM "AnalyticsVisitorDay" WHERE day < $1::date
     UNION SELECT DISTINCT day::text FROM "AnalyticsDailySlots" WHERE day < $1::date
     UNION SELECT d::date::text FROM generate_series((${BREAKDOWNS_THROUGH} + 1)::timestamp, ($1::date - 1)::timestamp, interval '1 day') AS d
     ORDER BY 1`,
    [firstOpen],
  );
  for (const { day } of days) {
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    await sql.transaction(async (tx) => {
      await lockDay(tx, dayStart);
      await tx.query(FREEZE("day = $1::date"), [day]);
      await tx.query(`DELETE FROM "AnalyticsVisitorDay" WHERE day = $1::date`, [day]);
      await tx.query(MOVE_SLOTS, [day]);
      if (!(await breakdownsWritten(tx, dayStart))) await writeBreakdownsOnce(tx, dayStart);
    });
  }
  // The rows moved out leave room that only VACUUM makes reusable; the open tables are small by now.
  if (days.length > 0) await sql.exec(`VACUUM "AnalyticsDailySlots", "AnalyticsVisitorDay"`);
  return days.map(({ day }) => day);
}

/** A visitor's first or last event of the day, as the start of its slot (as the writer stores it). */
const slotStart = (instant: string) => `to_timestamp(floor(extract(epoch FROM ${instant}) / ${SLOT_MS / 1000}) * ${SLOT_MS / 1000})`;

/**
 * Before a batch writes events of a past UTC day (under the day's lock, taken here): the profiles
 * for which that day is frozen get their visitor-day rows back from the raw events, and their
 * frozen rows go, so the batch's write counts its new visitors as it does for an open day.
 * Tells whether the day's breakdown rows are written already, so the batch must add to them.
 */
export async function thawForLateBatch(tx: SqlTarget, day: number, profileIds: string[]): Promise<boolean> {
  await lockDay(tx, day);
  const written = await breakdownsWritten(tx, day);
  const thawed = await tx.query<{ profile_id: string }>(
    `WITH gone AS (DELETE FROM "AnalyticsFrozenUniques" WHERE profile_id = ANY($1::text[]) AND day = $2::date RETURNING profile_id)
     SELECT DISTINCT profile_id FROM gone`,
    [profileIds, isoDay(day)],
  );
  if (thawed.length === 0) return written;
  await tx.query(
    `WITH events AS (
       SELECT profile_id, coalesce(link_id, '') AS link_id, visitor_hash, created_at FROM "AnalyticsEvent"
        WHERE profile_id = ANY($1::text[]) AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
     )
     INSERT INTO "AnalyticsVisitorDay" (profile_id, day, link_id, visitor_hash, first_at, last_at)
     SELECT profile_id, $2::date, link_id, visitor_hash, ${slotStart("min(created_at)")}, ${slotStart("max(created_at)")}
       FROM (SELECT * FROM events UNION ALL SELECT profile_id, '*', visitor_hash, created_at FROM events WHERE link_id <> '') AS e
      GROUP BY profile_id, link_id, visitor_hash
     ON CONFLICT DO NOTHING`,
    [thawed.map((row) => row.profile_id), isoDay(day), new Date(day).toISOString(), new Date(day + DAY_MS).toISOString()],
  );
  return written;
}
