// Reads the rollups, never the raw events. A range of instants [start, end) is answered from the
// daily rows for the whole UTC days inside it, and from the 15-minute slots of the UTC days its
// ends cut (a creator's midnight is rarely UTC midnight). Uniques come from the daily
// counts, plus, for a cut day, the visitor-day rows seen inside the cut: since a visitor hash lives
// one UTC day, "seen in [start, end-of-day)" is exactly last_at >= start, and "seen in
// [start-of-day, end)" is exactly first_at < end (both hold slot starts, and so do start and end).
// Once a day is frozen (frozen-days.ts), its visitors counted by first and by last slot answer the same.
// Those cut-day rows are the costly part of a zone's screen (thousands a day), so a caller whose
// event cache holds a cut day's events counts its uniques there instead (DayPartUniques).
import type { SqlTarget } from "@/server/db/sql-target";
import { DAY_MS, SLOT_MS, SLOTS_PER_DAY, type Range } from "./periods";

export type Dimension =
  "total" | "link" | "clicked" | "device" | "country" | "referrer" | "browser" | "os" | "utm_source" | "utm_medium" | "utm_campaign";

export interface RollupRow {
  period: number;
  dimension: Dimension;
  key: string;
  views: number;
  clicks: number;
  uniques: number;
}

/** visitors: of page views ("total"); clickers: per link ("link"); anyClick: of any link ("clicked"). */
export type UniqueKind = "visitors" | "clickers" | "anyClick";

export interface UniquesWanted {
  of: UniqueKind[];
  /** Indexes into the ranges for which uniques are needed. */
  periods: number[];
}

/** How each kind of unique is found among the visitor-day rows and the raw events. */
const UNIQUE_KINDS: Record<UniqueKind, { dimension: string; key: string; visitorRows: string; events: string; groupKey: string }> = {
  visitors: { dimension: "total", key: "''", visitorRows: "link_id = ''", events: "type = 'view'", groupKey: "''" },
  clickers: { dimension: "link", key: "link_id", visitorRows: "link_id NOT IN ('', '*')", events: "type = 'click'", groupKey: "link_id" },
  anyClick: { dimension: "clicked", key: "''", visitorRows: "link_id = '*'", events: "type = 'click'", groupKey: "''" },
};

/** Uniques of one kind in a part of one UTC day: per key of its dimension ("" for totals). */
export type PartUniques = Record<UniqueKind, Map<string, number>>;

/**
 * Counts uniques in a part of one UTC day elsewhere than in the database. `covers` answers at
 * once; `count` may still find it can no longer answer (null), and the rollups answer instead.
 */
export interface DayPartUniques {
  covers(part: Range): boolean;
  count(part: Range): Promise<PartUniques | null>;
}

/** Open days' slot rows, and frozen days' (frozen-days.ts); a day late batches reached has both, which add up. */
const SLOT_TABLES = ["AnalyticsDailySlots", "AnalyticsFrozenSlots"] as const;

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const iso = (instant: number) => new Date(instant).toISOString();
const utcMidnight = (instant: number) => Math.floor(instant / DAY_MS) * DAY_MS;

/** Splits a range at UTC midnights, so each piece lies inside one UTC day. */
function byUtcDay({ start, end }: Range): Range[] {
  const pieces: Range[] = [];
  for (let from = start; from < end; from = utcMidnight(from) + DAY_MS) {
    pieces.push({ start: from, end: Math.min(end, utcMidnight(from) + DAY_MS) });
  }
  return pieces;
}

/**
 * Sums per (range index, dimension, key) over each of the ranges, in one round trip (and, with
 * `elsewhere`, the cut days' uniques counted there meanwhile).
 */
export async function sumRollups(
  sql: SqlTarget,
  profileId: string,
  dimensions: Dimension[],
  ranges: Range[],
  uniques?: UniquesWanted,
  elsewhere?: DayPartUniques,
): Promise<RollupRow[]> {
  const params: unknown[] = [profileId, dimensions];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const parts: string[] = [];
  const countedElsewhere: { period: number; part: Range }[] = [];
  const scope = `profile_id = $1 AND dimension = ANY($2::text[])`;

  ranges.forEach(({ start, end }, period) => {
    const fullStart = Math.ceil(start / DAY_MS) * DAY_MS;
    const fullEnd = Math.floor(end / DAY_MS) * DAY_MS;
    const pieces: Range[] = [];
    if (fullStart < fullEnd) {
      parts.push(
        `SELECT ${period} AS period, dimension, key, views, clicks, uniques FROM "AnalyticsDaily"
          WHERE ${scope} AND day >= ${param(isoDay(fullStart))}::date AND day < ${param(isoDay(fullEnd))}::date`,
      );
      if (start < fullStart) pieces.push({ start, end: fullStart });
      if (fullEnd < end) pieces.push({ start: fullEnd, end });
    } else {
      pieces.push(...byUtcDay({ start, end }));
    }
    for (const piece of pieces) {
      // 1-based, inclusive slot subscripts of the piece within its UTC day.
      const day = utcMidnight(piece.start);
      const first = Math.floor((piece.start - day) / SLOT_MS) + 1;
      const last = Math.ceil((piece.end - day) / SLOT_MS);
      const slice = (column: string) => `(SELECT coalesce(sum(x), 0) FROM unnest(${column}[${first}:${last}]) AS x)::int`;
      const dayParam = param(isoDay(day));
      for (const table of SLOT_TABLES) {
        parts.push(
          `SELECT ${period} AS period, dimension, key, ${slice("views")} AS views, ${slice("clicks")} AS clicks, 0 AS uniques FROM "${table}"
            WHERE ${scope} AND day = ${dayParam}::date`,
        );
      }
    }
    if (!uniques?.periods.includes(period)) return;
    for (const piece of pieces) {
      if (elsewhere?.covers(piece)) countedElsewhere.push({ period, part: piece });
      else parts.push(...uniquesOfPart(period, piece, uniques.of, param));
    }
  });

  const query = sql.query<RollupRow>(
    `SELECT period, dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks, sum(uniques)::int AS uniques
       FROM (${parts.join("\n UNION ALL ")}) AS t(period, dimension, key, views, clicks, uniques) GROUP BY 1, 2, 3`,
    params,
  );
  if (countedElsewhere.length === 0) return query;
  const [rows, counted] = await Promise.all([query, Promise.all(countedElsewhere.map(({ part }) => elsewhere!.count(part)))]);
  if (counted.some((part) => part === null)) return sumRollups(sql, profileId, dimensions, ranges, uniques);
  countedElsewhere.forEach(({ period }, i) => addUniques(rows, period, counted[i]!, uniques!.of));
  return rows;
}

/** The SQL parts counting the uniques of a part of one UTC day. */
function uniquesOfPart(period: number, part: Range, kinds: UniqueKind[], param: (value: unknown) => string): string[] {
  const day = param(isoDay(part.start));
  return kinds.map((of) => {
    const kind = UNIQUE_KINDS[of];
    const visitors = `SELECT ${period}, '${kind.dimension}', ${kind.key}, 0, 0, 1 FROM "AnalyticsVisitorDay" WHERE profile_id = $1 AND ${kind.visitorRows} AND day = ${day}::date`;
    // A frozen day (frozen-days.ts) has no visitor-day rows but its visitors counted by first and by last slot.
    const frozen = (counts: string) =>
      `SELECT ${period}, dimension, key, 0, 0, (SELECT coalesce(sum(x), 0) FROM unnest(${counts}) AS x)::int FROM "AnalyticsFrozenUniques"
        WHERE profile_id = $1 AND dimension = '${kind.dimension}' AND day = ${day}::date`;
    const slotsBefore = (instant: number) => Math.round((instant - utcMidnight(part.start)) / SLOT_MS);
    if (part.start === utcMidnight(part.start)) {
      return `${visitors} AND first_at < ${param(iso(part.end))}::timestamptz
        UNION ALL ${frozen(`first_seen[1:${slotsBefore(part.end)}]`)}`;
    }
    if (part.end === utcMidnight(part.start) + DAY_MS) {
      return `${visitors} AND last_at >= ${param(iso(part.start))}::timestamptz
        UNION ALL ${frozen(`last_seen[${slotsBefore(part.start) + 1}:${SLOTS_PER_DAY}]`)}`;
    }
    // Both ends inside the day: first and last times cannot tell, the raw events can.
    return `SELECT ${period}, '${kind.dimension}', ${kind.groupKey}, 0, 0, count(DISTINCT visitor_hash)::int FROM "AnalyticsEvent"
      WHERE profile_id = $1 AND ${kind.events} AND created_at >= ${param(iso(part.start))}::timestamptz
        AND created_at < ${param(iso(part.end))}::timestamptz GROUP BY 3`;
  });
}

/** Adds a part's uniques counted elsewhere to the rows of its period. */
function addUniques(rows: RollupRow[], period: number, counted: PartUniques, kinds: UniqueKind[]): void {
  for (const of of kinds) {
    const dimension = UNIQUE_KINDS[of].dimension as Dimension;
    for (const [key, uniques] of counted[of]) {
      if (uniques === 0) continue;
      const row = rows.find((r) => r.period === period && r.dimension === dimension && r.key === key);
      if (row) row.uniques += uniques;
      else rows.push({ period, dimension, key, views: 0, clicks: 0, uniques });
    }
  }
}

/**
 * Views and clicks per bucket (local days, or hours): `bounds` holds each bucket's first instant
 * plus the last one's end, all slot starts. `key` picks one link's row ("link" dimension).
 */
export async function dailySeries(
  sql: SqlTarget,
  profileId: string,
  bounds: number[],
  target: { dimension: Dimension; key: string } = { dimension: "total", key: "" },
): Promise<{ views: number; clicks: number }[]> {
  const series = bounds.slice(1).map(() => ({ views: 0, clicks: 0 }));
  const start = bounds[0]!;
  const end = bounds[bounds.length - 1]!;
  if (bounds.every((b) => b % DAY_MS === 0)) {
    // Days are UTC days: the daily rows answer directly.
    const index = new Map(bounds.slice(0, -1).map((b, i) => [isoDay(b), i]));
    const rows = await sql.query<{ day: string; views: number; clicks: number }>(
      `SELECT day::text AS day, views, clicks FROM "AnalyticsDaily"
        WHERE profile_id = $1 AND dimension = $4 AND key = $5 AND day >= $2::date AND day < $3::date`,
      [profileId, isoDay(start), isoDay(end), target.dimension, target.key],
    );
    for (const row of rows) {
      const i = index.get(row.day);
      if (i !== undefined) series[i] = { views: row.views, clicks: row.clicks };
    }
    return series;
  }
  // Local days cut UTC days: add each 15-minute slot of the overlapping UTC days to its local day.
  const rows = await sql.query<{ day: string; views: number[]; clicks: number[] }>(
    SLOT_TABLES.map(
      (table) => `SELECT day::text AS day, views, clicks FROM "${table}"
        WHERE profile_id = $1 AND dimension = $4 AND key = $5 AND day >= $2::date AND day <= $3::date`,
    ).join(" UNION ALL ") + " ORDER BY day",
    [profileId, isoDay(start), isoDay(end - 1), target.dimension, target.key],
  );
  const slots: SlotCount[] = [];
  for (const { day, views, clicks } of rows) {
    const first = Date.parse(`${day}T00:00:00Z`) / SLOT_MS;
    for (let slot = 0; slot < SLOTS_PER_DAY; slot += 1) {
      if (views[slot] || clicks[slot]) slots.push({ slot: first + slot, views: views[slot] ?? 0, clicks: clicks[slot] ?? 0 });
    }
  }
  return bucketSlots(bounds, slots);
}

export interface SlotCount {
  /** 15-minute slots since the epoch. */
  slot: number;
  views: number;
  clicks: number;
}

/** Adds slot counts, in time order, to the buckets that `bounds` delimit; slots outside are left out. */
export function bucketSlots(bounds: number[], slots: SlotCount[]): { views: number; clicks: number }[] {
  const series = bounds.slice(1).map(() => ({ views: 0, clicks: 0 }));
  const start = bounds[0]!;
  const end = bounds[bounds.length - 1]!;
  let i = 0;
  for (const { slot, views, clicks } of slots) {
    const at = slot * SLOT_MS;
    if (at < start || at >= end) continue;
    while (i > 0 && at < bounds[i]!) i -= 1;
    while (at >= bounds[i + 1]!) i += 1;
    series[i]!.views += views;
    series[i]!.clicks += clicks;
  }
  return series;
}
