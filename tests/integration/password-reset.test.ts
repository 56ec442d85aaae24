import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { settleResetRequests } from "@/server/services/auth/password-reset";
import { findOrCreateGoogleAccount } from "@/server/services/auth/accounts";
import { createApiToken } from "@/server/services/auth/api-tokens";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { handleRestRequest } from "@/server/rest/handler";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";
import { queuedFor, tokenFromLatest } from "./mail-capture";

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

async function requestReset(email: string, ip = `198.51.100.${Math.floor(Math.random() * 250)}`) {
  const answer = await callerFor(null, ip).auth.requestPasswordReset({ email });
  await settleResetRequests();
  return answer;
}

describe("password reset", () => {
  it("answers the same for an unknown address and queues nothing for it", async () => {
    const { email } = await registeredUser("reset-known");
    const stranger = uniqueEmail("reset-unknown");
    const known = await requestReset(email);
    const unknown = await requestReset(stranger);
    expect(unknown).toEqual(known);
    expect(await queuedFor(stranger)).toHaveLength(0);
    const messages = await queuedFor(email);
    expect(messages.at(-1)?.subject).toBe("Reset your Linkbio password");
    expect(messages.at(-1)?.text).toContain("http://localhost:");
  });

  it("prints how long each answer took (known vs unknown address)", async () => {
    const { email } = await registeredUser("reset-timing");
    const time = async (address: string) => {
      const started = performance.now();
      await callerFor(null, "198.51.100.77").auth.requestPasswordReset({ email: address });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail("nobody")));
    }
    await settleResetRequests();
    console.log(
      `reset request answer ms: known ${known.map((ms) => ms.toFixed(1)).join(", ")}; unknown ${unknown.map((ms) => ms.toFixed(1)).join(", ")}`,
    );
    expect(known).toHaveLength(3);
  });

  it("stores only a hash, sets the new password once, ends every session, refresh token and API token", async () => {
    const { id, email, password } = await registeredUser("reset-flow");
    const tokens = signedIn(await callerFor(null).auth.login({ email, password }));
    await createApiToken(db(), id, { name: "integration", scopes: ["links:read"] });
    await requestReset(email);
    const token = await tokenFromLatest(email, "/reset-password");
    const stored = await db().emailToken.findFirstOrThrow({ where: { user_id: id, purpose: "reset" }, orderBy: { created_at: "desc" } });
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const done = await callerFor(null).auth.confirmPasswordReset({ token, new_password: "brand new password" });
    expect(done.email).toBe(email);
    expect((await failure(callerFor(null).auth.refresh({ refresh: tokens.refresh }))).code).toBe("UNAUTHORIZED");
    expect(await db().apiToken.count({ where: { user_id: id } })).toBe(0);
    expect(signedIn(await callerFor(null).auth.login({ email, password: "brand new password" })).user.id).toBe(id);
    expect((await failure(callerFor(null).auth.login({ email, password }))).message).toBe("Invalid credentials");

    const again = await failure(callerFor(null).auth.confirmPasswordReset({ token, new_password: "another password" }));
    expect(again).toMatchObject({ code: "BAD_REQUEST", message: "This reset link is invalid or has expired" });
  });

  it("refuses an expired token and an unknown one with the same words", async () => {
    const { email } = await registeredUser("reset-expiry");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await requestReset(email);
      const token = await tokenFromLatest(email, "/reset-password");
      vi.setSystemTime(Date.now() + 61 * 60_000);
      const expired = await failure(callerFor(null).auth.confirmPasswordReset({ token, new_password: "brand new password" }));
      expect(expired.message).toBe("This reset link is invalid or has expired");
    } finally {
      vi.useRealTimers();
    }
    const unknown = await failure(
      callerFor(null).auth.confirmPasswordReset({ token: "made-up-token", new_password: "brand new password" }),
    );
    expect(unknown.message).toBe("This reset link is invalid or has expired");
  });

  it("keeps the token when the new password is refused by the shared rule", async () => {
    const { email } = await registeredUser("reset-short");
    await requestReset(email);
    const token = await tokenFromLatest(email, "/reset-password");
    const short = await failure(callerFor(null).auth.confirmPasswordReset({ token, new_password: "short" }));
    expect(JSON.stringify(short.cause)).toContain("Password must be at least 8 characters");
    await expect(callerFor(null).auth.confirmPasswordReset({ token, new_password: "long enough now" })).resolves.toMatchObject({ email });
  });

  it("lets an account that signs in only with Google set a password, and counts the address as verified", async () => {
    const email = uniqueEmail("google-only");
    const { user } = await findOrCreateGoogleAccount(db(), { sub: `sub-${email}`, email });
    expect(user.password_hash).toBeNull();
    expect(user.email_verified_at).not.toBeNull();
    await requestReset(email);
    await callerFor(null).auth.confirmPasswordReset({
      token: await tokenFromLatest(email, "/reset-password"),
      new_password: "first password",
    });
    expect(signedIn(await callerFor(null).auth.login({ email, password: "first password" })).user.email_verified).toBe(true);
  });

  it("allows three requests an hour per email, then limits that email and the address", async () => {
    process.env.RATE_LIMIT_RESETS_PER_HOUR = "3";
    reloadRateLimits();
    try {
      const email = uniqueEmail("reset-limit");
      for (let i = 0; i < 3; i += 1) await requestReset(email, `192.0.2.${i + 1}`);
      const limited = await failure(callerFor(null, "192.0.2.9").auth.requestPasswordReset({ email }));
      expect(limited.code).toBe("TOO_MANY_REQUESTS");
      expect(limited.message).toMatch(/^Too many password reset requests for this address\. Please try again in \d+ seconds?\.$/);
      for (let i = 0; i < 15; i += 1) await requestReset(uniqueEmail("spread"), "192.0.2.50");
      const fromAddress = await failure(callerFor(null, "192.0.2.50").auth.requestPasswordReset({ email: uniqueEmail("spread") }));
      expect(fromAddress.message).toMatch(/^Too many password reset requests from your network\./);
    } finally {
      delete process.env.RATE_LIMIT_RESETS_PER_HOUR;
      reloadRateLimits();
    }
  });

  it("keeps the REST contract: 202 with one body either way, 400 with the documented detail", async () => {
    const post = async (path: string, body: unknown) => {
      const response = await handleRestRequest(
        new Request(`http://localhost/api/v1${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const { email } = await registeredUser("reset-rest");
    const known = await post("/auth/password/reset/", { email });
    const unknown = await post("/auth/password/reset/", { email: uniqueEmail("reset-rest-unknown") });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    await settleResetRequests();
    const refused = await post("/auth/password/reset/confirm/", { token: "made-up", new_password: "long enough" });
    expect(refused).toEqual({ status: 400, body: { detail: "This reset link is invalid or has expired", code: "validation_error" } });
    const token = await tokenFromLatest(email, "/reset-password");
    expect(await post("/auth/password/reset/confirm/", { token, new_password: "long enough" })).toMatchObject({ status: 200 });
  });
});
