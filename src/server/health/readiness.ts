import path from "node:path";
import { env } from "@/server/config/env";
import { getDatabase } from "@/server/db/client";
import { readMigrationFolders } from "@/server/db/migrate";
import { sharedRedis } from "@/server/services/rate-limit/redis";

/** Each check gives up after this long: a load balancer asks often and must not pile up waiting requests. */
export const CHECK_TIMEOUT_MS = 1_000;

export interface CheckResult {
  status: "ok" | "failing";
  ms: number;
  error?: string;
}

export interface Readiness {
  status: "ok" | "failing";
  checks: Record<string, CheckResult>;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(run: () => Promise<void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await run();
    return { status: "ok", ms: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: "failing",
      ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

let migrationNames: Promise<string[]> | null = null;

/** The database answers a query, and every migration this code ships is recorded as applied. */
async function checkDatabase(): Promise<void> {
  migrationNames ??= readMigrationFolders(path.join(process.cwd(), "prisma/migrations")).then((folders) => folders.map((f) => f.name));
  const names = await migrationNames;
  const [row] = await withTimeout(
    getDatabase().sql.query<{ applied: number }>(
      `SELECT count(*)::int AS applied FROM _prisma_migrations
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL AND migration_name = ANY($1::text[])`,
      [names],
    ),
    "The database",
  );
  const missing = names.length - (row?.applied ?? 0);
  if (missing > 0) throw new Error(`${missing} migration${missing === 1 ? " is" : "s are"} not applied`);
}

async function checkRedis(): Promise<void> {
  const redis = sharedRedis();
  if (!redis) return;
  await withTimeout(redis.ping(), "Redis");
}

/** Whether this instance can serve: the database (and Redis when REDIS_URL is set), each with its state and time. */
export async function readiness(): Promise<Readiness> {
  const checks: Record<string, CheckResult> = {};
  const [database, redis] = await Promise.all([timed(checkDatabase), env.REDIS_URL ? timed(checkRedis) : null]);
  checks.database = database;
  if (redis) checks.redis = redis;
  const status = Object.values(checks).every((check) => check.status === "ok") ? "ok" : "failing";
  return { status, checks };
}
