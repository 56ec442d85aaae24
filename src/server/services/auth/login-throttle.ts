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

// The same rule as the database branch of takeLoginAttempt, in one atomic step: refused (the lock's end
// returned) while locked, else the attempt counts as a failure until a right password clears it.
const TAKE_ATTEMPT = `
local now = tonumber(ARGV[1])
local locked = tonumber(redis.call('HGET', KEYS[1], 'locked_until')) or 0
if locked > now then return locked end
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
return 0`;

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

const tooManyFailures = (remainingMs: number) =>
  new ServiceError("TOO_MANY_REQUESTS", `Too many failed log-in attempts. Please try again in ${minutesText(remainingMs)}.`, {
    retryAfterSeconds: Math.ceil(remainingMs / 1000),
  });

/** Compare-and-set tries before an attempt is refused as if locked (only under a storm of attempts on one pair). */
const DATABASE_TRIES = 20;

/**
 * The database branch, one statement at a time (no transaction to wait for): the row is written only
 * if it still holds what was read, so of parallel attempts each counts once; returns the lock's end
 * when refused, else 0.
 */
async function takeInDatabase(db: PrismaClient, key: string, now: Date): Promise<number> {
  await db.loginThrottle.createMany({ data: [{ key, failures: 0, window_started: now }], skipDuplicates: true });
  for (let attempt = 0; attempt < DATABASE_TRIES; attempt++) {
    const row = await db.loginThrottle.findUnique({ where: { key } });
    if (!row) return 0;
    const locked = row.locked_until?.getTime() ?? 0;
    if (locked > now.getTime()) return locked;
    const windowExpired = now.getTime() - row.window_started.getTime() > WINDOW_MS;
    const failures = windowExpired ? 1 : row.failures + 1;
    const lockMs = lockMsAfter(failures);
    const written = await db.loginThrottle.updateMany({
      where: { key, failures: row.failures, window_started: row.window_started },
      data: {
        failures,
        window_started: windowExpired ? now : row.window_started,
        locked_until: lockMs ? new Date(now.getTime() + lockMs) : null,
      },
    });
    if (written.count === 1) return 0;
  }
  return now.getTime() + FIRST_LOCK_MS;
}

/**
 * Takes one attempt for this email from this client address before the password is checked, as one
 * atomic step (Redis or the database), so parallel guesses cannot outrun the lock: refused while
 * locked; from the last free attempt on, each locks for twice as long, capped. A right password clears it.
 */
export async function takeLoginAttempt(db: PrismaClient, email: string, clientIp: string | null, now = new Date()): Promise<void> {
  const key = throttleKey(email, clientIp);
  const args = [now.getTime(), WINDOW_MS, FREE_ATTEMPTS, FIRST_LOCK_MS, MAX_LOCK_MS];
  const shared = await viaRedis(async (redis) => Number(await redis.eval(TAKE_ATTEMPT, 1, redisKey(key), ...args)));
  const lockedUntil = shared ?? (await takeInDatabase(db, key, now));
  if (lockedUntil > now.getTime()) throw tooManyFailures(lockedUntil - now.getTime());
}

export async function clearFailedLogins(db: PrismaClient, email: string, clientIp: string | null): Promise<void> {
  const key = throttleKey(email, clientIp);
  if ((await viaRedis((redis) => redis.del(redisKey(key)))) !== null) return;
  await db.loginThrottle.deleteMany({ where: { key } });
}
