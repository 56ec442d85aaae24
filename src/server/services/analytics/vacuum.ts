// VACUUM for the tables every analytics batch updates, where nothing else runs it: the embedded
// database has no autovacuum, and a server may have it turned off. Without it the free space map
// never learns of the room that dead row versions leave, so these tables only grow: at a million
// events the slot rollups took 441 MB for 15,000 live rows, and every Insights screen read through
// them. The writer reports its events; every EVENTS_BETWEEN_RUNS of them, one VACUUM runs beside it.
import type { Database } from "@/server/db/client";
import { log } from "@/server/logging/logger";

const TABLES = `"AnalyticsDaily", "AnalyticsDailySlots", "AnalyticsVisitorDay", "AnalyticsRepeat"`;
export const EVENTS_BETWEEN_RUNS = 50_000;

interface VacuumState {
  written: number;
  running: Promise<void> | null;
  /** Per database: whether this process must vacuum (no autovacuum there). */
  needed: WeakMap<Database, Promise<boolean>>;
}

// One count per thread, shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioAnalyticsVacuum?: VacuumState };
const state = (): VacuumState => (slot.__linkbioAnalyticsVacuum ??= { written: 0, running: null, needed: new WeakMap() });

async function nothingElseVacuums(database: Database): Promise<boolean> {
  if (database.kind === "pglite") return true;
  const [row] = await database.sql.query<{ on: boolean }>(`SELECT current_setting('autovacuum') = 'on' AS on`);
  return row?.on !== true;
}

/**
 * Counts events written to `database`, and starts a VACUUM of its analytics tables once enough
 * have been since the last one (never two at once). A failure is logged and met again next time.
 */
export function countWrittenEvents(database: Database, events: number, between = EVENTS_BETWEEN_RUNS): void {
  const s = state();
  s.written += events;
  if (s.running || s.written < between) return;
  s.written = 0;
  let needed = s.needed.get(database);
  if (!needed) s.needed.set(database, (needed = nothingElseVacuums(database)));
  s.running = needed
    .then((must) => (must ? database.sql.exec(`VACUUM ${TABLES}`) : undefined))
    .catch((error: unknown) => {
      s.needed.delete(database);
      log().warn({ err: error }, "Analytics: VACUUM of the analytics tables failed");
    })
    .finally(() => (s.running = null));
}

/** The VACUUM under way, if any (tests). */
export const vacuumRunning = (): Promise<void> | null => state().running;
