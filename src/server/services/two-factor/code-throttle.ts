// Wrong second-factor codes are counted per account and per client address, shared through Redis
// when REDIS_URL is set (an in-memory insurance limiter answers while it is down), else in memory.
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";
import { sharedRedis } from "../rate-limit/redis";

export const CODE_FAILURES_PER_ACCOUNT = 10;
export const CODE_FAILURES_PER_ADDRESS = 30;
const WINDOW_SECONDS = 15 * 60;

type Scope = "account" | "address";
const POINTS: Record<Scope, number> = { account: CODE_FAILURES_PER_ACCOUNT, address: CODE_FAILURES_PER_ADDRESS };

const slot = globalThis as unknown as { __linkbioCodeThrottle?: Map<Scope, RateLimiterAbstract> };

function limiter(scope: Scope): RateLimiterAbstract {
  const limiters = (slot.__linkbioCodeThrottle ??= new Map<Scope, RateLimiterAbstract>());
  let found = limiters.get(scope);
  if (!found) {
    const options = { points: POINTS[scope], duration: WINDOW_SECONDS, keyPrefix: `${env.RATE_LIMIT_PREFIX}:two-factor:${scope}` };
    const memory = new RateLimiterMemory(options);
    const redis = sharedRedis();
    found = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    limiters.set(scope, found);
  }
  return found;
}

function keysOf(userId: string, clientIp: string | null): [Scope, string][] {
  return clientIp
    ? [
        ["account", userId],
        ["address", clientIp],
      ]
    : [["account", userId]];
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Refuses any code, right or wrong, while the account or the address has used up its wrong codes. */
export async function assertCodeAttemptAllowed(userId: string, clientIp: string | null): Promise<void> {
  for (const [scope, key] of keysOf(userId, clientIp)) {
    const state = await limiter(scope).get(key);
    if (state && state.consumedPoints >= POINTS[scope]) {
      const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      throw new ServiceError("TOO_MANY_REQUESTS", `Too many wrong codes. Please try again in ${minutesText(retryAfterSeconds)}.`, {
        retryAfterSeconds,
      });
    }
  }
}

export async function recordWrongCode(userId: string, clientIp: string | null): Promise<void> {
  for (const [scope, key] of keysOf(userId, clientIp)) {
    // A rejection only means the counter is already full, which is what the next check reads.
    await limiter(scope)
      .penalty(key, 1)
      .catch(() => undefined);
  }
}
