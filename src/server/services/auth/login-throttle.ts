import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { ServiceError } from "../errors";
import { sharedRedis } from "../rate-limit/redis";
import { addressKey } from "@/lib/net/client-address";
import { env } from "@/server/config/env";
import { log } from "@/server/logging/logger";

export const FREE_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 15 * 60_000;

// Throttle state lives in Redis when REDIS_URL is set (every instance sees a lock at once), else in
// the database, which is also the fallback while Redis cannot be reached.

function throttleKey(email: string, clientIp: string | null): string {
  return `${email}|${addressKey(clientIp)}`;
}

/** Redis holds a hash of the pair, never the email or address. */
function redisKey(key: string): string {
  const digest = createHash("sha256").update(key).digest("base64url");
  return `${env.RATE_LIMIT_PREFIX}:login-throttle:${digest}`;
}

function lockMsAfter(failures: number): number {
  return failures >= FREE_ATTEMPTS ? Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_ATTEMPTS), MAX_LOCK_MS) : 0;
}

// The same rule as the database branch of recordFailedLogin, in one atomic step.
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local started = tonumber(redis.call('HGET', KEYS[1], 'started'))
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures')) or 0
if not started or now - started > tonumber(ARGV[2]) then
  started = now
  failures = 0
end
failures = failures + 1
local lock = 0
if failures >= tonumber(ARGV[3]) then
  lock = math.min(tonumber(ARGV[4]) * 2 ^ (failures - tonumber(ARGV[3])), tonumber(ARGV[5]))
end
redis.call('HSET', KEYS[1], 'started', started, 'failures', failures, 'locked_until', now + lock)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[5]))
return lock`;

/** Runs the Redis branch when REDIS_URL is set and Redis answers; null means: use the database. */
async function viaRedis<T>(step: (redis: NonNullable<ReturnType<typeof sharedRedis>>) => Promise<T>): Promise<T | null> {
  const redis = sharedRedis();
  if (!redis || redis.status !== "ready") return null;
  try {
    return await step(redis);
  } catch (error) {
    log().warn(`Log-in throttle: Redis failed, using the database: ${(error as Error).message}`);
    return null;
  }
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

async function lockedUntil(db: PrismaClient, key: string): Promise<number> {
  const shared = await viaRedis(async (redis) => Number((await redis.hget(redisKey(key), "locked_until")) ?? 0));
  if (shared !== null) return shared;
  const row = await db.loginThrottle.findUnique({ where: { key } });
  return row?.locked_until?.getTime() ?? 0;
}

/** Refuses the attempt while this email is locked from this client address. */
export async function assertNotThrottled(db: PrismaClient, email: string, clientIp: string | null, now = new Date()): Promise<void> {
  const remaining = (await lockedUntil(db, throttleKey(email, clientIp))) - now.getTime();
  if (remaining > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", `Too many failed log-in attempts. Please try again in ${minutesText(remaining)}.`, {
      retryAfterSeconds: Math.ceil(remaining / 1000),
    });
  }
}

/** Counts a failure; from the last free attempt on, each failure locks for twice as long, capped. */
export async function recordFailedLogin(db: PrismaClient, email: string, clientIp: string | null, now = new Date()): Promise<void> {
  const key = throttleKey(email, clientIp);
  const args = [now.getTime(), WINDOW_MS, FREE_ATTEMPTS, FIRST_LOCK_MS, MAX_LOCK_MS];
  if ((await viaRedis((redis) => redis.eval(RECORD_FAILURE, 1, redisKey(key), ...args))) !== null) return;
  await db.$transaction(async (tx) => {
    const row = await tx.loginThrottle.findUnique({ where: { key } });
    const windowExpired = !row || now.getTime() - row.window_started.getTime() > WINDOW_MS;
    const failures = windowExpired ? 1 : row.failures + 1;
    const lockMs = lockMsAfter(failures);
    const data = {
      failures,
      window_started: windowExpired ? now : row.window_started,
      locked_until: lockMs ? new Date(now.getTime() + lockMs) : null,
    };
    await tx.loginThrottle.upsert({ where: { key }, create: { key, ...data }, update: data });
  });
}

export async function clearFailedLogins(db: PrismaClient, email: string, clientIp: string | null): Promise<void> {
  const key = throttleKey(email, clientIp);
  if ((await viaRedis((redis) => redis.del(redisKey(key)))) !== null) return;
  await db.loginThrottle.deleteMany({ where: { key } });
}
