import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";

export type JobEvery = "hour" | "day" | "month";

export interface JobContext {
  db: PrismaClient;
  sql: SqlTarget;
  /** The first instant of the period this run is for (UTC). */
  periodStart: Date;
}

/**
 * A periodic job. Each period runs once across all instances (a JobRun row claims it); a period
 * missed while no instance ran is caught up, up to `catchUp` periods back. A run that dies is
 * retried after LEASE_MS, so `run` must be safe to repeat for one period (queue mail with a
 * dedupe key, write with upserts).
 */
export interface PeriodicJob {
  name: string;
  every: JobEvery;
  /** Due this long after its period begins (e.g. 12 h, so the period is over in every time zone). */
  delayMs?: number;
  /** How many past periods are caught up after downtime (the current one included). */
  catchUp: number;
  run(context: JobContext): Promise<void>;
  /** `npm run jobs -- <name> [--date YYYY-MM-DD]`: runs as if it were that day. Defaults to `run` for the period holding that day. */
  runByHand?(context: Omit<JobContext, "periodStart"> & { date: Date }): Promise<void>;
}

export function defineJob(job: PeriodicJob): PeriodicJob {
  return job;
}
