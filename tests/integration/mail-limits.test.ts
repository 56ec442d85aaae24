import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { ServiceError } from "@/server/services/errors";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";
import { queuedFor } from "./mail-capture";

const saved = { ...process.env };
const MAILS_PER_HOUR = 5;

/** Counters of their own per test (memory, or Redis under this helper's key prefix). */
function useStore(store: "memory" | "redis"): void {
  Object.assign(process.env, {
    RATE_LIMIT_MAILS_PER_HOUR: String(MAILS_PER_HOUR),
    RATE_LIMIT_PREFIX: `h32-mail-${randomUUID().slice(0, 8)}`,
  });
  if (store === "redis") process.env.REDIS_URL = "redis://127.0.0.1:6379";
  else delete process.env.REDIS_URL;
  reloadRateLimits();
}

async function redisReady(): Promise<void> {
  const redis = sharedRedis();
  if (redis && redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
}

afterEach(async () => {
  process.env = { ...saved };
  await closeSharedRedis();
  reloadRateLimits();
});

afterAll(async () => {
  useStore("redis");
  await redisReady();
  const redis = sharedRedis()!;
  const keys = await redis.keys("h32-mail-*");
  if (keys.length > 0) await redis.del(...keys);
  await closeSharedRedis();
});

let addressCounter = 0;
const freshAddress = () => `2001:db8:${(++addressCounter).toString(16)}:${randomUUID().slice(0, 4)}::1`;

/** The outcome of each call: "ok", or the refusal's code with its wait. */
async function outcomes(calls: Promise<unknown>[]) {
  return Promise.all(
    calls.map((call) =>
      call.then(
        () => ({ ok: true as const }),
        (error: unknown) => {
          expect(error).toBeInstanceOf(TRPCError);
          const trpc = error as TRPCError;
          return { ok: false as const, code: trpc.code, retryAfterSeconds: (trpc.cause as ServiceError).details.retryAfterSeconds ?? 0 };
        },
      ),
    ),
  );
}

describe.each(["memory", "redis"] as const)("mail an account asks for (%s)", (store) => {
  it("sends a verification link to one address no faster than the limit, however many parallel 'Resend's", async () => {
    useStore(store);
    await redisReady();
    const user = await registeredUser("resend"); // the sign-up's own link counts towards the address's share
    const answers = await outcomes(Array.from({ length: 20 }, () => callerFor(user.id, freshAddress()).auth.resendVerification()));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAILS_PER_HOUR - 1);
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused).toHaveLength(20 - (MAILS_PER_HOUR - 1));
    for (const answer of refused) {
      expect(answer.code).toBe("TOO_MANY_REQUESTS");
      expect(answer.retryAfterSeconds).toBeGreaterThan(0);
      expect(answer.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    expect(await queuedFor(user.email)).toHaveLength(MAILS_PER_HOUR);
  });
});

describe("mail limits (memory)", () => {
  it("limits change-of-address links per recipient, however many accounts name it", async () => {
    useStore("memory");
    const target = uniqueEmail("target");
    const users = await Promise.all(Array.from({ length: 12 }, () => registeredUser("names-target")));
    const answers = await outcomes(
      users.map((user) => callerFor(user.id, freshAddress()).auth.changeEmail({ new_email: target, current_password: user.password })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAILS_PER_HOUR);
    expect(answers.filter((answer) => !answer.ok && answer.code === "TOO_MANY_REQUESTS")).toHaveLength(12 - MAILS_PER_HOUR);
    expect(await queuedFor(target)).toHaveLength(MAILS_PER_HOUR);
  });

  it("limits one account's change-of-address links to different addresses", async () => {
    useStore("memory");
    const user = await registeredUser("many-targets");
    const answers = await outcomes(
      Array.from({ length: 10 }, () =>
        callerFor(user.id, freshAddress()).auth.changeEmail({ new_email: uniqueEmail("elsewhere"), current_password: user.password }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAILS_PER_HOUR);
  });

  it("limits the mail one client address asks for, across accounts and recipients (five times the limit)", async () => {
    useStore("memory");
    const address = freshAddress();
    const users = await Promise.all(Array.from({ length: 30 }, () => registeredUser("one-client")));
    const answers = await outcomes(
      users.map((user) =>
        callerFor(user.id, address).auth.changeEmail({ new_email: uniqueEmail("spray"), current_password: user.password }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAILS_PER_HOUR * 5);
    // A client elsewhere is not affected.
    const other = users[0]!;
    await expect(callerFor(other.id, freshAddress()).auth.resendVerification()).resolves.toMatchObject({ detail: expect.any(String) });
  });

  it("answers REST with 429, Retry-After and a detail", async () => {
    useStore("memory");
    const user = await registeredUser("rest-mail");
    const { access } = signedIn(await callerFor(null).auth.login({ email: user.email, password: user.password }));
    const resend = () =>
      handleRestRequest(
        new Request("http://localhost/api/v1/auth/email/verify/resend/", {
          method: "POST",
          headers: { authorization: `Bearer ${access}`, [CLIENT_IP_HEADER]: "203.0.113.77" },
        }),
      );
    const statuses = [];
    for (let n = 0; n < MAILS_PER_HOUR; n++) statuses.push((await resend()).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Too many emails sent for this account\. Please try again in \d+ seconds\.$/,
    );
  });
});
