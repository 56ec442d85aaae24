import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { authenticate } from "@/server/services/auth/accounts";
import { ServiceError } from "@/server/services/errors";
import { reloadRateLimits, takeAttempt } from "@/server/services/rate-limit/limits";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { db } from "@/server/db/client";
import { callerFor, registeredUser, uniqueEmail } from "./helpers";

const REDIS_URL = "redis://127.0.0.1:6379";
const PASSWORD = "correct horse battery";
const saved = { ...process.env };
const prefixes: string[] = [];

/** A fresh address per test, so tests never share a counter. */
function address(): string {
  const n = randomUUID().replace(/-/g, "");
  return `2001:db8:${n.slice(0, 4)}:${n.slice(4, 8)}::${n.slice(8, 12)}`;
}

/** Until the connection is ready, limits answer from memory (as while Redis is down). */
async function redisReady(): Promise<void> {
  const redis = sharedRedis()!;
  if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
}

function useLimits(limits: Record<string, string>, redisUrl?: string): void {
  const prefix = `linkbio-test-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  Object.assign(process.env, limits, { RATE_LIMIT_PREFIX: prefix });
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  reloadRateLimits();
}

async function tooManyRequests(promise: Promise<unknown>): Promise<{ message: string; retryAfterSeconds: number }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpc = error as TRPCError;
  expect(trpc.code).toBe("TOO_MANY_REQUESTS");
  const cause = trpc.cause as ServiceError;
  return { message: trpc.message, retryAfterSeconds: cause.details.retryAfterSeconds ?? 0 };
}

function restLogin(ip: string, email: string, password: string): Promise<Response> {
  return handleRestRequest(
    new Request("http://localhost/api/v1/auth/login/", {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}

beforeEach(() => {
  process.env = { ...saved };
});

afterEach(async () => {
  process.env = { ...saved };
  await closeSharedRedis();
  reloadRateLimits();
});

afterAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

describe("password attempts per address (memory)", () => {
  beforeEach(() => useLimits({ RATE_LIMIT_PASSWORD_PER_MINUTE: "4" }));

  it("counts log-ins and sign-ups together, refuses the next with 429 and the wait, and leaves other addresses alone", async () => {
    const ip = address();
    const caller = callerFor(null, ip);
    const user = await registeredUser("limited"); // from the helpers' own address
    await caller.auth.register({ email: uniqueEmail(), password: PASSWORD, password_confirm: PASSWORD });
    await caller.auth.register({ email: uniqueEmail(), password: PASSWORD, password_confirm: PASSWORD });
    await expect(caller.auth.login({ email: uniqueEmail("nobody"), password: PASSWORD })).rejects.toThrow("Invalid credentials");
    await caller.auth.login({ email: user.email, password: user.password });

    const refused = await tooManyRequests(caller.auth.login({ email: user.email, password: user.password }));
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.message).toBe(
      `Too many log-in and sign-up attempts from your network. Please try again in ${refused.retryAfterSeconds} seconds.`,
    );
    const email = uniqueEmail("refused");
    await tooManyRequests(callerFor(null, ip).auth.register({ email, password: PASSWORD, password_confirm: PASSWORD }));
    // Nothing was created for the refused sign-up.
    expect(await db().user.findUnique({ where: { email } })).toBeNull();

    await expect(callerFor(null, address()).auth.login({ email: user.email, password: user.password })).resolves.toMatchObject({
      user: { email: user.email },
    });
  });

  it("covers the web sign-in too: next-auth's Credentials provider calls the same authenticate", async () => {
    const ip = address();
    const user = await registeredUser("web");
    for (let i = 0; i < 4; i += 1) await authenticate(db(), { email: user.email, password: user.password }, ip);
    const error = await authenticate(db(), { email: user.email, password: user.password }, ip).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe("TOO_MANY_REQUESTS");
  });

  it("answers REST with 429, Retry-After and a detail", async () => {
    const ip = address();
    const user = await registeredUser("rest");
    for (let i = 0; i < 4; i += 1) expect((await restLogin(ip, user.email, user.password)).status).toBe(200);
    const response = await restLogin(ip, user.email, user.password);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await response.json()).toEqual({
      detail: `Too many log-in and sign-up attempts from your network. Please try again in ${retryAfter} seconds.`,
      code: "rate_limited",
    });
  });
});

describe("username checks per address (memory)", () => {
  it("allows RATE_LIMIT_SLUG_CHECKS_PER_MINUTE checks, then 429", async () => {
    useLimits({ RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: "3" });
    const user = await registeredUser("slugs");
    const caller = callerFor(user.id, address());
    for (let i = 0; i < 3; i += 1)
      expect(await caller.profile.checkSlug({ slug: `free_${i}_${randomUUID().slice(0, 6)}` })).toMatchObject({ available: true });
    const refused = await tooManyRequests(caller.profile.checkSlug({ slug: "another_one" }));
    expect(refused.message).toMatch(/^Too many username checks from your network\. Please try again in \d+ seconds?\.$/);
    await expect(callerFor(user.id, address()).profile.checkSlug({ slug: "another_one" })).resolves.toMatchObject({ available: true });
  });
});

describe("limits shared through Redis", () => {
  it("keeps counting across instances: a fresh set of limiters (another instance) sees the same count", async () => {
    useLimits({ RATE_LIMIT_CLICKS_PER_MINUTE: "3" }, REDIS_URL);
    await redisReady();
    const ip = address();
    expect(await takeAttempt("click", ip)).toBe(0);
    expect(await takeAttempt("click", ip)).toBe(0);
    reloadRateLimits(); // what another instance would have: no memory of these attempts
    expect(await takeAttempt("click", ip)).toBe(0);
    const wait = await takeAttempt("click", ip);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await takeAttempt("click", address())).toBe(0);
  });

  it("refuses a tRPC sign-up over the limit with the wait", async () => {
    useLimits({ RATE_LIMIT_PASSWORD_PER_MINUTE: "1" }, REDIS_URL);
    await redisReady();
    const caller = callerFor(null, address());
    await caller.auth.register({ email: uniqueEmail(), password: PASSWORD, password_confirm: PASSWORD });
    const refused = await tooManyRequests(caller.auth.register({ email: uniqueEmail(), password: PASSWORD, password_confirm: PASSWORD }));
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("still limits, from memory, while Redis cannot be reached", async () => {
    useLimits({ RATE_LIMIT_CLICKS_PER_MINUTE: "2" }, "redis://127.0.0.1:1");
    const ip = address();
    expect(await takeAttempt("click", ip)).toBe(0);
    expect(await takeAttempt("click", ip)).toBe(0);
    expect(await takeAttempt("click", ip)).toBeGreaterThanOrEqual(1);
  });
});

describe("the log-in throttle through Redis", () => {
  it("locks an email from an address on every instance, and keeps nothing of it in the database", async () => {
    useLimits({ RATE_LIMIT_PASSWORD_PER_MINUTE: "100" }, REDIS_URL);
    await redisReady();
    const ip = address();
    const user = await registeredUser("throttled");
    const caller = callerFor(null, ip);
    for (let i = 0; i < 5; i += 1) {
      await expect(caller.auth.login({ email: user.email, password: "wrong password" })).rejects.toThrow("Invalid credentials");
    }
    const refused = await tooManyRequests(caller.auth.login({ email: user.email, password: user.password }));
    expect(refused.message).toBe("Too many failed log-in attempts. Please try again in 1 minute.");
    expect(await db().loginThrottle.count({ where: { key: { contains: ip } } })).toBe(0);

    await closeSharedRedis(); // another instance: a connection of its own, no memory of the failures
    await redisReady();
    await tooManyRequests(callerFor(null, ip).auth.login({ email: user.email, password: user.password }));
    // The owner, from elsewhere, is not locked out.
    await expect(callerFor(null, address()).auth.login({ email: user.email, password: user.password })).resolves.toBeTruthy();
  });
});
