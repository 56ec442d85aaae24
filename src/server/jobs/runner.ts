import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { log } from "@/server/logging/logger";
import { countJobRun } from "@/server/metrics/counts";
import { JOBS } from "./all-jobs";
import { duePeriods, periodKey } from "./periods";
import type { PeriodicJob } from "./registry";

/** A claim older than this whose run never finished (its instance died) may be taken again. */
export const LEASE_MS = 30 * 60_000;
const TICK_MS = 60_000;

/**
 * Claims one period of a job: an insert that only one instance can win, or the take-over of a
 * claim whose lease ran out without the run finishing.
 */
async function claim(db: PrismaClient, job: string, period: string, instance: string, now: Date): Promise<boolean> {
  const expired = new Date(now.getTime() - LEASE_MS);
  const rows = await db.$queryRaw<{ name: string }[]>`
    INSERT INTO "JobRun" (name, period, claimed_by, claimed_at) VALUES (${job}, ${period}, ${instance}, ${now})
    ON CONFLICT (name, period) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_at = EXCLUDED.claimed_at, error = NULL
      WHERE "JobRun".finished_at IS NULL AND "JobRun".claimed_at < ${expired}
    RETURNING name`;
  return rows.length === 1;
}

async function runPeriod(db: PrismaClient, sql: SqlTarget, job: PeriodicJob, start: number, instance: string, now: Date): Promise<boolean> {
  const period = periodKey(start);
  if (!(await claim(db, job.name, period, instance, now))) return false;
  const started = Date.now();
  try {
    await job.run({ db, sql, periodStart: new Date(start) });
    await db.jobRun.update({ where: { name_period: { name: job.name, period } }, data: { finished_at: new Date() } });
    countJobRun(job.name, "succeeded");
    log().info({ job: job.name, period, durationMs: Date.now() - started }, `Job ${job.name} for ${period} done`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    countJobRun(job.name, "failed");
    log().error(
      { job: job.name, period, durationMs: Date.now() - started },
      `Job ${job.name} for ${period} failed (retried after the lease): ${message}`,
    );
    await db.jobRun.update({ where: { name_period: { name: job.name, period } }, data: { error: message.slice(0, 1000) } });
  }
  return true;
}

/**
 * Runs every due, unclaimed period of every job, oldest first, until `stopping` says so (a catch-up
 * of many periods would otherwise hold a graceful stop; what is left runs at the next start).
 * Returns the periods this call ran.
 */
export async function runDueJobs(
  db: PrismaClient,
  sql: SqlTarget,
  {
    now = new Date(),
    instance = randomUUID(),
    jobs = JOBS,
    stopping = () => false,
  }: { now?: Date; instance?: string; jobs?: readonly PeriodicJob[]; stopping?: () => boolean } = {},
): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    if (stopping()) break;
    const due = duePeriods(job.every, job.delayMs ?? 0, job.catchUp, now.getTime());
    const known = await db.jobRun.findMany({
      where: { name: job.name, period: { in: due.map(periodKey) } },
      select: { period: true, finished_at: true, claimed_at: true },
    });
    const settled = new Set(
      known.filter((row) => row.finished_at || row.claimed_at.getTime() >= now.getTime() - LEASE_MS).map((row) => row.period),
    );
    for (const start of due.reverse()) {
      if (stopping()) break;
      if (settled.has(periodKey(start))) continue;
      if (await runPeriod(db, sql, job, start, instance, now)) ran.push(`${job.name} ${periodKey(start)}`);
    }
  }
  return ran;
}

/** Runs by hand, as if it were `date`; a job's own dedupe keeps it from sending what a scheduled run sent. */
export async function runJobByHand(db: PrismaClient, sql: SqlTarget, name: string, date: Date): Promise<void> {
  const job = JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`Unknown job "${name}". Jobs: ${JOBS.map((candidate) => candidate.name).join(", ")}`);
  if (job.runByHand) await job.runByHand({ db, sql, date });
  else await job.run({ db, sql, periodStart: date });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/** Checks for due jobs at start and every minute. */
export function startJobRunner(db: PrismaClient, sql: SqlTarget): JobRunner {
  const instance = randomUUID();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = running
      .then(() => runDueJobs(db, sql, { instance, stopping: () => stopped }))
      .catch((error: unknown) => log().warn(`Jobs: ${error instanceof Error ? error.message : String(error)}`));
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
