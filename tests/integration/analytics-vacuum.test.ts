// The analytics tables the writer updates with every batch are vacuumed by the process itself
// where nothing else does it (the embedded database; a server with autovacuum off), so the room
// their dead row versions leave is used again (services/analytics/vacuum.ts).
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db/client";
import { countWrittenEvents, vacuumRunning } from "@/server/services/analytics/vacuum";

const vacuums = async () => {
  const [row] = await getDatabase().sql.query<{ n: number }>(
    `SELECT coalesce(sum(vacuum_count), 0)::int AS n FROM pg_stat_user_tables WHERE relname IN ('AnalyticsDaily', 'AnalyticsDailySlots')`,
  );
  return row!.n;
};

describe("the analytics tables' VACUUM", () => {
  it("runs once enough events were written, where the database does not vacuum them itself", async () => {
    const database = getDatabase();
    const [setting] = await database.sql.query<{ on: boolean }>(`SELECT current_setting('autovacuum') = 'on' AS on`);
    const ownVacuum = database.kind === "pglite" || !setting!.on;
    const before = await vacuums();

    countWrittenEvents(database, 9, 10);
    expect(vacuumRunning()).toBeNull();
    countWrittenEvents(database, 1, 10);
    const running = vacuumRunning();
    expect(running).not.toBeNull();
    // Never two at once: events counted meanwhile wait for the next turn.
    countWrittenEvents(database, 10, 10);
    expect(vacuumRunning()).toBe(running);
    await running;
    await database.sql.query(`SELECT pg_stat_clear_snapshot()`);
    expect(await vacuums()).toBe(ownVacuum ? before + 2 : before);
  });
});
