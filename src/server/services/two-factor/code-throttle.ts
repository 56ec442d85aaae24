// Second-factor codes are counted per account and per client address (right ones are given back), shared through Redis
// when REDIS_URL is set (an in-memory insurance limiter answers while it is down), else in memory.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { addressKey } from "@/lib/net/client-address";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";
import { sharedRedis } from "../rate-limit/redis";

export const CODE_FAILURES_PER_ACCOUNT = 10;
export const CODE_FAILURES_PER_ADDRESS = 30;
const WINDOW_SECONDS = 15 * 60;

type Scope = "account" | "address";
const POINTS: Record<Scope, number> = { account: CODE_FAILURES_PER_ACCOUNT, address: CODE_FAILURES_PER_ADDRESS };

const slot = globalThis as unknown as { __linkbioCodeThrottle?: Map<Scope, RateLimiterAbstract> };

/** Makes the next check read the variables again (tests switch between memory and Redis). */
export function reloadCodeThrottle(): void {
  slot.__linkbioCodeThrottle = undefined;
}

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

/** The account, and the client address as the abuse rules count it (an IPv6 address by its /64). */
function keysOf(userId: string, clientIp: string | null): [Scope, string][] {
  return clientIp
    ? [
        ["account", userId],
        ["address", addressKey(clientIp)],
      ]
    : [["account", userId]];
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const tooManyCodes = (msBeforeNext: number) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ServiceError("TOO_MANY_REQUESTS", `Too many wrong codes. Please try again in ${minutesText(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
};

/**
 * Takes one attempt from the account's and the address's allowance before the code is checked (an
 * atomic step in Redis and in memory alike), so parallel guesses cannot check more codes than the
 * limit; refused with 429 once either is used up.
 */
export async function takeCodeAttempt(userId: string, clientIp: string | null): Promise<void> {
  for (const [scope, key] of keysOf(userId, clientIp)) {
    try {
      await limiter(scope).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyCodes(rejection.msBeforeNext);
      throw rejection;
    }
  }
}

/** A right code gives its attempt back: only wrong codes use the allowance up. */
export async function returnCodeAttempt(userId: string, clientIp: string | null): Promise<void> {
  for (const [scope, key] of keysOf(userId, clientIp)) {
    await limiter(scope)
      .reward(key, 1)
      .catch(() => undefined);
  }
}
