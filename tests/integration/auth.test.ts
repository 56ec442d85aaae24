import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { FREE_ATTEMPTS } from "@/server/services/auth/login-throttle";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("registration", () => {
  it("creates an account with a hashed password, settings and unfinished onboarding", async () => {
    const email = uniqueEmail("Mixed");
    const result = await callerFor(null).auth.register({
      email: `  ${email.toUpperCase()} `,
      password: "longenough",
      password_confirm: "longenough",
      first_name: "Ada",
    });
    expect(result.needsOnboarding).toBe(true);
    expect(result.user).toMatchObject({ email: email.toLowerCase(), first_name: "Ada", last_name: "" });
    const stored = await db().user.findUniqueOrThrow({ where: { id: result.user.id }, include: { settings: true } });
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.settings).toMatchObject({ email_notifications: true, profile_view_notifications: false });
  });

  it("refuses an email that differs only by case", async () => {
    const { email } = await registeredUser();
    const error = await failure(
      callerFor(null).auth.register({ email: email.toUpperCase(), password: "longenough", password_confirm: "longenough" }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("An account with this email already exists");
  });

  it("reports every invalid field with its message and stores nothing", async () => {
    const before = await db().user.count();
    const error = await failure(callerFor(null).auth.register({ email: "not-an-email", password: "short", password_confirm: "other" }));
    expect(error.code).toBe("BAD_REQUEST");
    const messages = JSON.stringify(error.cause);
    expect(messages).toContain("Please enter a valid email address");
    expect(messages).toContain("Password must be at least 8 characters");
    expect(messages).toContain("Passwords do not match");
    expect(await db().user.count()).toBe(before);
  });

  it("refuses the most common passwords, in any case, and stores nothing", async () => {
    const before = await db().user.count();
    for (const password of ["password123", "12345678", "PassWord123", "iloveyou"]) {
      const error = await failure(callerFor(null).auth.register({ email: uniqueEmail("common"), password, password_confirm: password }));
      expect(error.code).toBe("BAD_REQUEST");
      expect(JSON.stringify(error.cause), password).toContain("This password is too common");
    }
    expect(await db().user.count()).toBe(before);
  });

  it("rejects unknown fields and oversize values", async () => {
    const unknownField = callerFor(null).auth.register({
      email: uniqueEmail(),
      password: "longenough",
      password_confirm: "longenough",
      is_admin: true,
    } as never);
    expect((await failure(unknownField)).code).toBe("BAD_REQUEST");
    const oversize = callerFor(null).auth.register({
      email: uniqueEmail(),
      password: "x".repeat(10_000),
      password_confirm: "x".repeat(10_000),
    });
    expect((await failure(oversize)).code).toBe("BAD_REQUEST");
  });
});

describe("token log-in", () => {
  it("issues an access and refresh token for the right password and nothing for a wrong one", async () => {
    const { email, password, id } = await registeredUser();
    const tokens = signedIn(await callerFor(null).auth.login({ email, password }));
    expect(tokens.user.id).toBe(id);
    expect(tokens.access.split(".")).toHaveLength(3);
    expect(tokens.refresh.length).toBeGreaterThan(30);
    const wrong = await failure(callerFor(null).auth.login({ email, password: "wrong password" }));
    expect(wrong).toMatchObject({ code: "UNAUTHORIZED", message: "Invalid credentials" });
    const unknown = await failure(callerFor(null).auth.login({ email: uniqueEmail(), password }));
    expect(unknown.message).toBe("Invalid credentials");
  });

  it("stores refresh tokens only as hashes", async () => {
    const { email, password, id } = await registeredUser();
    const { refresh } = signedIn(await callerFor(null).auth.login({ email, password }));
    const rows = await db().refreshToken.findMany({ where: { user_id: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(refresh);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("log-in throttle", () => {
  it("locks an email from one address after repeated failures, with a clear message", async () => {
    const { email, password } = await registeredUser();
    const attacker = callerFor(null, "198.51.100.7");
    for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt++) {
      expect((await failure(attacker.auth.login({ email, password: "nope nope" }))).code).toBe("UNAUTHORIZED");
    }
    const locked = await failure(attacker.auth.login({ email, password }));
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(locked.message).toMatch(/^Too many failed log-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("keys IPv6 addresses by /64: failures from forty addresses of one network lock them all", async () => {
    const { email, password } = await registeredUser();
    const outcomes: string[] = [];
    for (let host = 1; host <= 40; host++) {
      const attacker = callerFor(null, `2001:db8:20:7:${host.toString(16)}::${host}`);
      outcomes.push((await failure(attacker.auth.login({ email, password: "nope nope" }))).code);
    }
    expect(outcomes.slice(0, FREE_ATTEMPTS).every((code) => code === "UNAUTHORIZED")).toBe(true);
    expect(outcomes.slice(FREE_ATTEMPTS).every((code) => code === "TOO_MANY_REQUESTS")).toBe(true);
    // Another /64 is another client.
    await expect(callerFor(null, "2001:db8:20:8::1").auth.login({ email, password })).resolves.toHaveProperty("access");
  });

  it("never locks the owner out from their own address, and every lock expires", async () => {
    const { email, password } = await registeredUser();
    const attacker = callerFor(null, "198.51.100.8");
    for (let attempt = 0; attempt < FREE_ATTEMPTS + 3; attempt++) {
      await attacker.auth.login({ email, password: "nope nope" }).catch(() => undefined);
    }
    await expect(callerFor(null, "203.0.113.50").auth.login({ email, password })).resolves.toHaveProperty("access");
    const lock = await db().loginThrottle.findFirstOrThrow({ where: { key: { startsWith: email } } });
    expect(lock.locked_until!.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe("refresh tokens", () => {
  it("rotates on every use and revokes the family when a used token comes back", async () => {
    const { email, password } = await registeredUser();
    const anonymous = callerFor(null);
    const first = signedIn(await anonymous.auth.login({ email, password }));
    const second = await anonymous.auth.refresh({ refresh: first.refresh });
    expect(second.refresh).not.toBe(first.refresh);
    expect(second.access.split(".")).toHaveLength(3);
    expect((await failure(anonymous.auth.refresh({ refresh: first.refresh }))).code).toBe("UNAUTHORIZED");
    // The thief's replay ended the family: the legitimate latest token is dead too.
    expect((await failure(anonymous.auth.refresh({ refresh: second.refresh }))).code).toBe("UNAUTHORIZED");
  });

  it("is revoked by log-out", async () => {
    const { email, password } = await registeredUser();
    const { refresh } = signedIn(await callerFor(null).auth.login({ email, password }));
    await callerFor(null).auth.logout({ refresh });
    expect((await failure(callerFor(null).auth.refresh({ refresh }))).code).toBe("UNAUTHORIZED");
  });

  it("is revoked by a password change, which needs the current password", async () => {
    const { email, password, caller } = await registeredUser();
    const { refresh } = signedIn(await callerFor(null).auth.login({ email, password }));
    const wrong = await failure(caller.auth.changePassword({ current_password: "not it!!", new_password: "brand new pass" }));
    expect(wrong.message).toBe("Current password is incorrect");
    const common = await failure(caller.auth.changePassword({ current_password: password, new_password: "password123" }));
    expect(JSON.stringify(common.cause)).toContain("This password is too common");
    await expect(callerFor(null).auth.refresh({ refresh })).resolves.toHaveProperty("access");
    const { refresh: current } = signedIn(await callerFor(null).auth.login({ email, password }));
    await caller.auth.changePassword({ current_password: password, new_password: "brand new pass" });
    expect((await failure(callerFor(null).auth.refresh({ refresh: current }))).code).toBe("UNAUTHORIZED");
    await expect(callerFor(null).auth.login({ email, password: "brand new pass" })).resolves.toHaveProperty("access");
  });
});

describe("protected procedures", () => {
  it("refuse anonymous callers and answer for signed-in ones", async () => {
    expect((await failure(callerFor(null).auth.me())).code).toBe("UNAUTHORIZED");
    const { caller, email } = await registeredUser();
    await expect(caller.auth.me()).resolves.toMatchObject({ email, onboarding_completed: false });
  });
});
