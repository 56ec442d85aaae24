// Abuse limits per client address, shared by every instance through Redis when REDIS_URL is set
// (each limiter keeps an in-memory insurance limiter that answers while Redis is down), else kept in
// this process's memory. The web app's thread counts through the server's main thread, so each
// instance keeps one set of counters. Limits and variables are listed in docs/configuration.md.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ServiceError } from "../errors";
import { sharedRedis } from "./redis";
import { addressKey } from "@/lib/net/client-address";
import { env } from "@/server/config/env";
import { answerOtherThread, callOtherThread, inWebAppThread } from "@/server/threads/bridge";

export type LimitName =
  | "password"
  | "slugCheck"
  | "click"
  | "resetEmail"
  | "resetAddress"
  | "mailAccount"
  | "mailRecipient"
  | "mailAddress"
  | "ownQrCode"
  | "qrCode"
  | "shareImage"
  | "unknownPath"
  | "refresh"
  | "importAccount"
  | "importAddress"
  | "apiToken"
  | "signupAddress"
  | "signupProfile";

interface LimitDefinition {
  variable:
    | "RATE_LIMIT_PASSWORD_PER_MINUTE"
    | "RATE_LIMIT_SLUG_CHECKS_PER_MINUTE"
    | "RATE_LIMIT_CLICKS_PER_MINUTE"
    | "RATE_LIMIT_RESETS_PER_HOUR"
    | "RATE_LIMIT_MAILS_PER_HOUR"
    | "RATE_LIMIT_COSTLY_PER_MINUTE"
    | "RATE_LIMIT_IMPORTS_PER_HOUR"
    | "RATE_LIMIT_API_TOKEN_PER_MINUTE"
    | "RATE_LIMIT_SIGNUPS_PER_HOUR";
  /** Attempts per window when the variable is unset. */
  perMinute: number;
  /** The window, one minute unless stated. */
  durationSeconds?: number;
  /** The variable's value times this is the limit (reset requests per address are five times those per email). */
  factor?: number;
  /** Counted per email address or account instead of per client address (the key is used as it is). */
  keyAsGiven?: true;
  message: string;
}

const LIMITS: Record<LimitName, LimitDefinition> = {
  password: {
    variable: "RATE_LIMIT_PASSWORD_PER_MINUTE",
    perMinute: 20,
    message: "Too many log-in and sign-up attempts from your network.",
  },
  slugCheck: {
    variable: "RATE_LIMIT_SLUG_CHECKS_PER_MINUTE",
    perMinute: 120,
    message: "Too many username checks from your network.",
  },
  click: {
    variable: "RATE_LIMIT_CLICKS_PER_MINUTE",
    perMinute: 600,
    message: "Too many clicks from your network.",
  },
  resetEmail: {
    variable: "RATE_LIMIT_RESETS_PER_HOUR",
    perMinute: 5,
    durationSeconds: 3600,
    keyAsGiven: true,
    message: "Too many password reset requests for this address.",
  },
  resetAddress: {
    variable: "RATE_LIMIT_RESETS_PER_HOUR",
    perMinute: 5,
    durationSeconds: 3600,
    factor: 5,
    message: "Too many password reset requests from your network.",
  },
  // Mail a signed-in account asks for (verification again, change of address): per account, per
  // recipient (however many accounts name it) and per client address.
  mailAccount: {
    variable: "RATE_LIMIT_MAILS_PER_HOUR",
    perMinute: 5,
    durationSeconds: 3600,
    keyAsGiven: true,
    message: "Too many emails sent for this account.",
  },
  mailRecipient: {
    variable: "RATE_LIMIT_MAILS_PER_HOUR",
    perMinute: 5,
    durationSeconds: 3600,
    keyAsGiven: true,
    message: "Too many emails sent to this address.",
  },
  mailAddress: {
    variable: "RATE_LIMIT_MAILS_PER_HOUR",
    perMinute: 5,
    durationSeconds: 3600,
    factor: 5,
    message: "Too many emails asked for from your network.",
  },
  // Answers without sign-in that cost more than a page; each kind counts on its own.
  qrCode: { variable: "RATE_LIMIT_COSTLY_PER_MINUTE", perMinute: 120, message: "Too many QR code requests from your network." },
  // The owner's own codes (private pages too): each drawing or cached answer counts against the account, wherever it signs in from.
  ownQrCode: {
    variable: "RATE_LIMIT_COSTLY_PER_MINUTE",
    perMinute: 120,
    keyAsGiven: true,
    message: "Too many QR code requests for your account.",
  },
  shareImage: { variable: "RATE_LIMIT_COSTLY_PER_MINUTE", perMinute: 120, message: "Too many share image requests from your network." },
  unknownPath: {
    variable: "RATE_LIMIT_COSTLY_PER_MINUTE",
    perMinute: 120,
    message: "Too many requests for unknown pages from your network.",
  },
  refresh: { variable: "RATE_LIMIT_COSTLY_PER_MINUTE", perMinute: 120, message: "Too many token refreshes from your network." },
  // Imports that fetch other people's pages and images cost this server and theirs.
  importAccount: {
    variable: "RATE_LIMIT_IMPORTS_PER_HOUR",
    perMinute: 30,
    durationSeconds: 3600,
    keyAsGiven: true,
    message: "Too many imports from the web for this account.",
  },
  importAddress: {
    variable: "RATE_LIMIT_IMPORTS_PER_HOUR",
    perMinute: 30,
    durationSeconds: 3600,
    message: "Too many imports from the web from your network.",
  },
  // Email sign-ups on public pages: per client address, and per page (each sign-up may send a message).
  signupAddress: {
    variable: "RATE_LIMIT_SIGNUPS_PER_HOUR",
    perMinute: 10,
    durationSeconds: 3600,
    message: "Too many sign-ups from your network.",
  },
  signupProfile: {
    variable: "RATE_LIMIT_SIGNUPS_PER_HOUR",
    perMinute: 10,
    durationSeconds: 3600,
    factor: 20,
    keyAsGiven: true,
    message: "Too many sign-ups on this page.",
  },
  apiToken: {
    variable: "RATE_LIMIT_API_TOKEN_PER_MINUTE",
    perMinute: 600,
    keyAsGiven: true,
    message: "Too many calls with this API token.",
  },
};

const DURATION_SECONDS = 60;

function secondsText(seconds: number): string {
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}

/** What the limits below ask of a limiter: rate-limiter-flexible's, or the main thread's through the bridge. */
type Counter = Pick<RateLimiterAbstract, "consume" | "get">;

interface LimiterSet {
  limiters: Map<LimitName, Counter>;
}

// Next's bundle holds copies of this module; one set of counters per thread.
const slot = globalThis as unknown as { __linkbioRateLimits?: LimiterSet };

function perMinute(name: LimitName): number {
  return (env[LIMITS[name].variable] ?? LIMITS[name].perMinute) * (LIMITS[name].factor ?? 1);
}

const LIMIT_CALL = "rate-limit";
type LimitCall = { name: LimitName; op: "consume" | "get"; key: string };
type LimitState = Pick<RateLimiterRes, "remainingPoints" | "msBeforeNext" | "consumedPoints" | "isFirstInDuration">;
type LimitAnswer = { refused: boolean; state: LimitState | null };

const stateOf = (res: RateLimiterRes): LimitState => ({
  remainingPoints: res.remainingPoints,
  msBeforeNext: res.msBeforeNext,
  consumedPoints: res.consumedPoints,
  isFirstInDuration: res.isFirstInDuration,
});

/** The main thread's limiter, asked over the bridge; a refusal is thrown as the limiter's own would be. */
function limiterInMainThread(name: LimitName): Counter {
  const ask = async (op: LimitCall["op"], key: string): Promise<RateLimiterRes | null> => {
    const answer = await callOtherThread<LimitAnswer>(LIMIT_CALL, { name, op, key } satisfies LimitCall);
    const state =
      answer.state &&
      new RateLimiterRes(
        answer.state.remainingPoints,
        answer.state.msBeforeNext,
        answer.state.consumedPoints,
        answer.state.isFirstInDuration,
      );
    // rate-limiter-flexible refuses with its RateLimiterRes (not an Error), which takeAttempt reads.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (answer.refused) throw state;
    return state;
  };
  return { consume: (key) => ask("consume", String(key)) as Promise<RateLimiterRes>, get: (key) => ask("get", String(key)) };
}

answerOtherThread(LIMIT_CALL, async (payload): Promise<LimitAnswer> => {
  const { name, op, key } = payload as LimitCall;
  try {
    const state = await limiter(name)[op](key);
    return { refused: false, state: state && stateOf(state) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { refused: true, state: stateOf(rejection) };
    throw rejection;
  }
});

function createLimiter(name: LimitName): Counter {
  if (inWebAppThread()) return limiterInMainThread(name);
  const points = perMinute(name);
  const keyPrefix = `${env.RATE_LIMIT_PREFIX}:limit:${name}`;
  const duration = LIMITS[name].durationSeconds ?? DURATION_SECONDS;
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  const redis = sharedRedis();
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    points,
    duration,
    keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

function limiter(name: LimitName): Counter {
  const set = (slot.__linkbioRateLimits ??= { limiters: new Map<LimitName, Counter>() });
  let found = set.limiters.get(name);
  if (!found) {
    found = createLimiter(name);
    set.limiters.set(name, found);
  }
  return found;
}

/** Makes the next check read the variables again (tests change them). */
export function reloadRateLimits(): void {
  slot.__linkbioRateLimits = undefined;
}

/** What a refused attempt is told: which limit, and how long to wait. */
export function limitMessage(name: LimitName, retryAfterSeconds: number): string {
  return `${LIMITS[name].message} Please try again in ${secondsText(retryAfterSeconds)}.`;
}

/** An email is its own key; a client address is keyed as the abuse rules count it (addressKey). */
const keyOf = (name: LimitName, key: string) => (LIMITS[name].keyAsGiven ? key : addressKey(key));

/**
 * Counts one attempt for this address (an IPv6 address by its /64, anything that is not an address
 * as "unknown"); resolves to 0 when allowed, else the seconds to wait. A request without a client
 * address did not come through the custom server (scripts, tests) and is not limited.
 */
export async function takeAttempt(name: LimitName, address: string | null): Promise<number> {
  if (!address) return 0;
  try {
    await limiter(name).consume(keyOf(name, address));
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/**
 * Whether this address has used up its limit, without counting anything: 0 when it may go on, else
 * the seconds to wait. For limits counted after the answer (unknown paths are known only then).
 */
export async function usedUp(name: LimitName, address: string | null): Promise<number> {
  if (!address) return 0;
  try {
    const state = await limiter(name).get(keyOf(name, address));
    return state && state.consumedPoints >= perMinute(name) ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  } catch {
    return 0;
  }
}

/** Counts one attempt and refuses it, with the wait, once the address is over its limit. */
export async function assertWithinLimit(name: LimitName, address: string | null): Promise<void> {
  const retryAfterSeconds = await takeAttempt(name, address);
  if (retryAfterSeconds > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", limitMessage(name, retryAfterSeconds), { retryAfterSeconds });
  }
}

/** Where an API token stands in its minute: what `RateLimit-*` headers say, and the wait when it is over. */
export interface TokenAllowance {
  limit: number;
  /** Calls left in this window, the current one counted. */
  remaining: number;
  resetSeconds: number;
  /** 0 when this call may go on, else the seconds to wait. */
  retryAfterSeconds: number;
}

/** Counts one call made with an API token (before any of its work), per token across instances. */
export async function takeTokenCall(tokenId: string): Promise<TokenAllowance> {
  const limit = perMinute("apiToken");
  const allowance = (state: RateLimiterRes, refused: boolean): TokenAllowance => {
    const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    return { limit, remaining: Math.max(0, state.remainingPoints), resetSeconds, retryAfterSeconds: refused ? resetSeconds : 0 };
  };
  try {
    return allowance(await limiter("apiToken").consume(tokenId), false);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return allowance(rejection, true);
    throw rejection;
  }
}
