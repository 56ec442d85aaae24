import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import { FREE_ATTEMPTS } from "@/server/services/auth/login-throttle";
import { HASHING_BUSY, HASHING_QUEUE } from "@/server/services/auth/password";
import { db } from "@/server/db/client";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { callerFor, registeredUser, uniqueEmail } from "./helpers";

const saved = { ...process.env };
afterEach(async () => {
  process.env = { ...saved };
  await closeSharedRedis();
  reloadRateLimits();
});

const freshAddress = () => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;
const WRONG = "not the password at all";

async function messageOf(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => "ok",
    (error: unknown) => (error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error)),
  );
}

async function accountWithTwoFactor() {
  const user = await registeredUser("pw-2fa");
  const { secret } = await user.caller.twoFactor.setup();
  await user.caller.twoFactor.enable({ code: new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate() });
  return user;
}

type Check = (user: Awaited<ReturnType<typeof registeredUser>>, address: string, password: string) => Promise<unknown>;
const checks: [string, Check][] = [
  [
    "changing the password",
    (user, address, password) =>
      callerFor(user.id, address).auth.changePassword({ current_password: password, new_password: "a brand new passphrase" }),
  ],
  [
    "changing the email address",
    (user, address, password) =>
      callerFor(user.id, address).auth.changeEmail({ new_email: uniqueEmail("new"), current_password: password }),
  ],
  ["deleting the account", (user, address, password) => callerFor(user.id, address).auth.deleteAccount({ current_password: password })],
];

describe("wrong passwords on signed-in changes are throttled as log-ins are", () => {
  it.each(checks)(
    "%s: after the free attempts the account is locked from that address, even for the right password",
    async (_label, check) => {
      const user = await registeredUser("pw-throttle");
      const address = freshAddress();
      for (let n = 0; n < FREE_ATTEMPTS; n++)
        expect(await messageOf(check(user, address, WRONG))).toMatch(/^BAD_REQUEST: Current password is incorrect$/);
      expect(await messageOf(check(user, address, user.password))).toMatch(
        /^TOO_MANY_REQUESTS: Too many failed log-in attempts\. Please try again in 1 minute\.$/,
      );
      // The owner elsewhere is not locked out.
      expect(await messageOf(callerFor(null, freshAddress()).auth.login({ email: user.email, password: user.password }))).toBe("ok");
    },
  );

  it("turning codes off with a wrong password counts the same way", async () => {
    const user = await accountWithTwoFactor();
    const address = freshAddress();
    for (let n = 0; n < FREE_ATTEMPTS; n++)
      expect(await messageOf(callerFor(user.id, address).twoFactor.disable({ password: WRONG }))).toBe(
        "BAD_REQUEST: Password is incorrect",
      );
    expect(await messageOf(callerFor(user.id, address).twoFactor.disable({ password: user.password }))).toMatch(/^TOO_MANY_REQUESTS: /);
  });

  it("counts them towards the address's password-hashing limit", async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => registeredUser("pw-limit")));
    process.env.RATE_LIMIT_PASSWORD_PER_MINUTE = "3";
    process.env.RATE_LIMIT_PREFIX = `h32-pw-${randomUUID().slice(0, 8)}`;
    reloadRateLimits();
    const address = freshAddress();
    const answers = [];
    for (const user of users) answers.push(await messageOf(checks[1]![1](user, address, WRONG)));
    expect(answers.slice(0, 3)).toEqual(Array(3).fill("BAD_REQUEST: Current password is incorrect"));
    expect(answers[3]).toMatch(/^TOO_MANY_REQUESTS: Too many log-in and sign-up attempts from your network\./);
  });
});

describe.each(["database", "redis"] as const)("the throttle taken before the check (%s)", (store) => {
  it("lets no more than the free attempts through when 30 wrong passwords arrive at once", async () => {
    const user = await registeredUser("pw-parallel");
    if (store === "redis") {
      Object.assign(process.env, { REDIS_URL: "redis://127.0.0.1:6379", RATE_LIMIT_PREFIX: `h32-pw-${randomUUID().slice(0, 8)}` });
      const redis = sharedRedis()!;
      if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
    }
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => messageOf(checks[0]![1](user, address, WRONG))));
    expect(answers.filter((answer) => answer.startsWith("BAD_REQUEST"))).toHaveLength(FREE_ATTEMPTS);
    expect(answers.filter((answer) => answer.startsWith("TOO_MANY_REQUESTS"))).toHaveLength(30 - FREE_ATTEMPTS);
    if (store === "redis") {
      // The lock lives in Redis, not in the database.
      expect(await db().loginThrottle.count({ where: { key: { startsWith: user.email } } })).toBe(0);
    }
  });
});

describe("password hashing", () => {
  it(`queues at most ${HASHING_QUEUE} hashes and answers the rest 429 at once`, async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registeredUser("pw-flood")));
    // From many addresses, so neither the throttle nor the address limit stops them before hashing.
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, n) => messageOf(checks[0]![1](users[n % 4]!, freshAddress(), WRONG))),
    );
    const busy = answers.filter((answer) => answer === `TOO_MANY_REQUESTS: ${HASHING_BUSY}`).length;
    expect(busy).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer === "BAD_REQUEST: Current password is incorrect").length).toBe(120 - busy);
  });
});
