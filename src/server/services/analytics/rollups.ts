// Reads the rollups, never the raw events. A range of instants [start, end) is answered from the
// daily rows for the whole UTC days inside it, and from the 15-minute slots of the UTC days its
// ends cut (a creator's midnight is rarely UTC midnight). Uniques come from the daily
// counts, plus, for a cut day, the visitor-day rows seen inside the cut: since a visitor hash lives
// one UTC day, "seen in [start, end-of-day)" is exactly last_at >= start, and "seen in
// [start-of-day, end)" is exactly first_at < end (both hold slot starts, and so do start and end).
import type { SqlTarget } from "@/server/db/sql-target";
import { DAY_MS, SLOT_MS, SLOTS_PER_DAY, type Range } from "./periods";

export type Dimension = "total" | "link" | "device" | "country" | "referrer";

export interface RollupRow {
  period: number;
  dimension: Dimension;
  key: string;
  views: number;
  clicks: number;
  uniques: number;
}

export interface UniquesWanted {
  /** Unique visitors (page views) or unique clickers per link. */
  of: "visitors" | "clickers";
  /** Indexes into the ranges for which uniques are needed. */
  periods: number[];
}

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

/** Sums per (range index, dimension, key) over each of the ranges, in one round trip. */
export async function sumRollups(
  sql: SqlTarget,
  profileId: string,
  dimensions: Dimension[],
  ranges: Range[],
  uniques?: UniquesWanted,
): Promise<RollupRow[]> {
  const params: unknown[] = [profileId, dimensions];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const parts: string[] = [];
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
      parts.push(
        `SELECT ${period} AS period, dimension, key, ${slice("views")} AS views, ${slice("clicks")} AS clicks, 0 AS uniques FROM "AnalyticsDailySlots"
          WHERE ${scope} AND day = ${param(isoDay(day))}::date`,
      );
    }
    if (!uniques?.periods.includes(period)) return;
    if (fullStart >= fullEnd) throw new Error("Unique counts need a range of at least one whole UTC day");
    const visitors = `SELECT ${period}, ${uniques.of === "visitors" ? "'total'" : "'link'"}, link_id, 0, 0, 1
        FROM "AnalyticsVisitorDay" WHERE profile_id = $1 AND link_id ${uniques.of === "visitors" ? "=" : "<>"} ''`;
    if (start < fullStart) {
      parts.push(`${visitors} AND day = ${param(isoDay(start))}::date AND last_at >= ${param(iso(start))}::timestamptz`);
    }
    if (fullEnd < end) {
      parts.push(`${visitors} AND day = ${param(isoDay(fullEnd))}::date AND first_at < ${param(iso(end))}::timestamptz`);
    }
  });

  return sql.query<RollupRow>(
    `SELECT period, dimension, key, sum(views)::int AS views, sum(clicks)::int AS clicks, sum(uniques)::int AS uniques
       FROM (${parts.join("\n UNION ALL ")}) AS t GROUP BY 1, 2, 3`,
    params,
  );
}

/** Views and clicks per local day: `bounds` holds each day's first instant plus the last day's end. */
export async function dailySeries(sql: SqlTarget, profileId: string, bounds: number[]): Promise<{ views: number; clicks: number }[]> {
  const series = bounds.slice(1).map(() => ({ views: 0, clicks: 0 }));
  const start = bounds[0]!;
  const end = bounds[bounds.length - 1]!;
  if (bounds.every((b) => b % DAY_MS === 0)) {
    // Days are UTC days: the daily rows answer directly.
    const index = new Map(bounds.slice(0, -1).map((b, i) => [isoDay(b), i]));
    const rows = await sql.query<{ day: string; views: number; clicks: number }>(
      `SELECT day::text AS day, views, clicks FROM "AnalyticsDaily"
        WHERE profile_id = $1 AND dimension = 'total' AND day >= $2::date AND day < $3::date`,
      [profileId, isoDay(start), isoDay(end)],
    );
    for (const row of rows) {
      const i = index.get(row.day);
      if (i !== undefined) series[i] = { views: row.views, clicks: row.clicks };
    }
    return series;
  }
  // Local days cut UTC days: add each 15-minute slot of the overlapping UTC days to its local day.
  const rows = await sql.query<{ day: string; views: number[]; clicks: number[] }>(
    `SELECT day::text AS day, views, clicks FROM "AnalyticsDailySlots"
      WHERE profile_id = $1 AND dimension = 'total' AND day >= $2::date AND day <= $3::date ORDER BY day`,
    [profileId, isoDay(start), isoDay(end - 1)],
  );
  let i = 0;
  for (const row of rows) {
    const day = Date.parse(`${row.day}T00:00:00Z`);
    for (let slot = 0; slot < SLOTS_PER_DAY; slot += 1) {
      const views = row.views[slot] ?? 0;
      const clicks = row.clicks[slot] ?? 0;
      if (views === 0 && clicks === 0) continue;
      const at = day + slot * SLOT_MS;
      if (at < start || at >= end) continue;
      while (i > 0 && at < bounds[i]!) i -= 1;
      while (at >= bounds[i + 1]!) i += 1;
      series[i]!.views += views;
      series[i]!.clicks += clicks;
    }
  }
  return series;
}
