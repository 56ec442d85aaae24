import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { INVALID_CODE } from "@/lib/schemas/two-factor";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { CODE_FAILURES_PER_ACCOUNT, CODE_FAILURES_PER_ADDRESS, reloadCodeThrottle } from "@/server/services/two-factor/code-throttle";
import { TICKET_EXPIRED, TICKET_WRONG_CODES } from "@/server/services/two-factor/tickets";
import { callerFor, registeredUser } from "./helpers";

const saved = { ...process.env };
let addressCounter = 0;
const freshAddress = () => `192.0.2.${++addressCounter % 250}`;

/** Counters of their own per test (memory, or Redis under a key prefix of this run). */
function useStore(store: "memory" | "redis"): void {
  process.env.RATE_LIMIT_PREFIX = `h32-codes-${randomUUID().slice(0, 8)}`;
  if (store === "redis") process.env.REDIS_URL = "redis://127.0.0.1:6379";
  else delete process.env.REDIS_URL;
  reloadCodeThrottle();
}

async function redisReady(): Promise<void> {
  const redis = sharedRedis()!;
  if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
}

afterEach(async () => {
  process.env = { ...saved };
  await closeSharedRedis();
  reloadCodeThrottle();
});

afterAll(async () => {
  useStore("redis");
  const redis = sharedRedis()!;
  await redisReady();
  const keys = await redis.keys("h32-codes-*");
  if (keys.length > 0) await redis.del(...keys);
  await closeSharedRedis();
});

const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
/** A 6-digit code no accepted step (now ± 1) shows. */
function wrongCode(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const accepted = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  for (let n = 0; ; n++) if (!accepted.has(String(n).padStart(6, "0"))) return String(n).padStart(6, "0");
}

async function accountWithTwoFactor() {
  const user = await registeredUser("codes");
  const { secret } = await user.caller.twoFactor.setup();
  await user.caller.twoFactor.enable({ code: codeFor(secret) });
  return { ...user, secret };
}

/** How each of many answers ended: its error message, or "ok". */
async function outcomes(calls: Promise<unknown>[]): Promise<string[]> {
  return Promise.all(
    calls.map((call) =>
      call.then(
        () => "ok",
        (error: unknown) => (error instanceof TRPCError ? error.message : String(error)),
      ),
    ),
  );
}

const count = (answers: string[], message: string) => answers.filter((answer) => answer === message).length;

describe.each(["memory", "redis"] as const)("wrong codes are counted before they are checked (%s)", (store) => {
  it(`checks at most ${CODE_FAILURES_PER_ACCOUNT} of 240 parallel guesses against one account`, async () => {
    useStore(store);
    if (store === "redis") await redisReady();
    const account = await accountWithTwoFactor();
    const guess = wrongCode(account.secret);
    const answers = await outcomes(
      Array.from({ length: 240 }, (_, n) =>
        callerFor(account.id, `198.18.${Math.floor(n / 250)}.${n % 250}`).twoFactor.disable({ code: guess }),
      ),
    );
    expect(count(answers, INVALID_CODE)).toBe(CODE_FAILURES_PER_ACCOUNT);
    expect(answers.filter((answer) => answer.startsWith("Too many wrong codes"))).toHaveLength(240 - CODE_FAILURES_PER_ACCOUNT);
    // A right code was never let through either: two-factor is still on.
    await expect(account.caller.twoFactor.status()).resolves.toMatchObject({ enabled: true });
  });

  it(`checks at most ${TICKET_WRONG_CODES} of 60 parallel guesses on one ticket`, async () => {
    useStore(store);
    if (store === "redis") await redisReady();
    const account = await accountWithTwoFactor();
    const answer = await callerFor(null, freshAddress()).auth.login({ email: account.email, password: account.password });
    const ticket = (answer as { ticket: string }).ticket;
    const guess = wrongCode(account.secret);
    const answers = await outcomes(Array.from({ length: 60 }, () => callerFor(null, null).auth.loginTwoFactor({ ticket, code: guess })));
    expect(count(answers, INVALID_CODE)).toBe(TICKET_WRONG_CODES);
    expect(count(answers, TICKET_EXPIRED)).toBe(60 - TICKET_WRONG_CODES);
  });
});

describe("the per-address code limit", () => {
  it("keys IPv6 addresses by /64: wrong codes from many addresses of one network share one count", async () => {
    useStore("memory");
    let sent = 0;
    while (sent < CODE_FAILURES_PER_ADDRESS) {
      const account = await accountWithTwoFactor();
      // Fewer than the account's own limit per account, each from another address of one /64.
      for (let n = 0; n < CODE_FAILURES_PER_ACCOUNT - 2 && sent < CODE_FAILURES_PER_ADDRESS; n++, sent++) {
        const caller = callerFor(account.id, `2001:db8:32:64::${(sent + 1).toString(16)}`);
        await expect(caller.twoFactor.disable({ code: wrongCode(account.secret) })).rejects.toThrow(INVALID_CODE);
      }
    }
    const owner = await accountWithTwoFactor();
    await expect(callerFor(owner.id, "2001:db8:32:64:ffff::1").twoFactor.disable({ code: codeFor(owner.secret, 1) })).rejects.toThrow(
      /^Too many wrong codes/,
    );
    // Another network is not affected.
    await expect(callerFor(owner.id, "2001:db8:32:65::1").twoFactor.disable({ code: codeFor(owner.secret, 1) })).resolves.toEqual({
      success: true,
    });
  });
});
