// Raw events live in monthly partitions of "AnalyticsEvent" (UTC months, named AnalyticsEvent_YYYY_MM,
// plus a default partition for months without one). Once a day: make the coming months'
// partitions, and drop the months older than the retention, a partition at a time (no row-by-row
// DELETE, no bloat). The rollups are not touched, so Insights keeps answering for those periods.
import type { SqlTarget } from "@/server/db/sql-target";

const PARENT = "AnalyticsEvent";
const DEFAULT_PARTITION = `${PARENT}_default`;
const PARTITION_NAME = /^AnalyticsEvent_(\d{4})_(\d{2})$/;
/** Partitions made ahead of time: this month and the next two. */
const MONTHS_AHEAD = 2;

interface Month {
  y: number;
  m: number; // 1-12
}

const monthOf = (instant: Date): Month => ({ y: instant.getUTCFullYear(), m: instant.getUTCMonth() + 1 });
const addMonths = ({ y, m }: Month, months: number): Month => {
  const index = y * 12 + (m - 1) + months;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
};
const startOf = ({ y, m }: Month) => new Date(Date.UTC(y, m - 1, 1)).toISOString();
const nameOf = ({ y, m }: Month) => `${PARENT}_${String(y).padStart(4, "0")}_${String(m).padStart(2, "0")}`;
const ordinal = ({ y, m }: Month) => y * 12 + m;

/** The monthly partitions that exist, oldest first. */
export async function eventPartitions(sql: SqlTarget): Promise<{ name: string; month: Month }[]> {
  const rows = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = $1`,
    [PARENT],
  );
  return rows
    .flatMap(({ name }) => {
      const match = PARTITION_NAME.exec(name);
      return match ? [{ name, month: { y: Number(match[1]), m: Number(match[2]) } }] : [];
    })
    .sort((a, b) => ordinal(a.month) - ordinal(b.month));
}

/**
 * Makes the partition of each month from `now`'s to MONTHS_AHEAD later. Rows that already landed
 * in the default partition for such a month are moved into it first, in the same transaction.
 */
export async function ensureEventPartitions(sql: SqlTarget, now: Date): Promise<string[]> {
  const existing = new Set((await eventPartitions(sql)).map((partition) => partition.name));
  const made: string[] = [];
  for (let i = 0; i <= MONTHS_AHEAD; i += 1) {
    const month = addMonths(monthOf(now), i);
    const name = nameOf(month);
    if (existing.has(name)) continue;
    const [from, to] = [startOf(month), startOf(addMonths(month, 1))];
    await sql.transaction(async (tx) => {
      await tx.query(`CREATE TABLE "${name}" (LIKE "${PARENT}" INCLUDING DEFAULTS)`);
      await tx.query(
        `WITH moved AS (DELETE FROM "${DEFAULT_PARTITION}" WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz RETURNING *)
         INSERT INTO "${name}" SELECT * FROM moved`,
        [from, to],
      );
      await tx.query(`ALTER TABLE "${PARENT}" ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
    });
    made.push(name);
  }
  return made;
}

export interface RetentionResult {
  /** The first instant still kept. */
  keptFrom: string;
  droppedPartitions: string[];
  /** Rows older than keptFrom deleted from the default partition. */
  deletedRows: number;
  createdPartitions: string[];
}

/**
 * Keeps the raw events of the current UTC month and the `months` before it; older monthly
 * partitions are dropped, and older rows in the default partition deleted. Safe to repeat.
 */
export async function applyAnalyticsRetention(sql: SqlTarget, options: { months: number; now: Date }): Promise<RetentionResult> {
  const createdPartitions = await ensureEventPartitions(sql, options.now);
  const oldestKept = addMonths(monthOf(options.now), -options.months);
  const keptFrom = startOf(oldestKept);
  const droppedPartitions: string[] = [];
  for (const partition of await eventPartitions(sql)) {
    if (ordinal(partition.month) >= ordinal(oldestKept)) continue;
    await sql.query(`DROP TABLE "${partition.name}"`);
    droppedPartitions.push(partition.name);
  }
  const deleted = await sql.query<{ n: number }>(
    `WITH gone AS (DELETE FROM "${DEFAULT_PARTITION}" WHERE created_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [keptFrom],
  );
  return { keptFrom, droppedPartitions, deletedRows: deleted[0]?.n ?? 0, createdPartitions };
}
