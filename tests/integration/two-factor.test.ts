import { TRPCError } from "@trpc/server";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createCaller } from "@/server/api/root";
import { db, getDatabase } from "@/server/db/client";
import { handleRestRequest } from "@/server/rest/handler";
import { CODE_FAILURES_PER_ACCOUNT, CODE_FAILURES_PER_ADDRESS } from "@/server/services/two-factor/code-throttle";
import { TICKET_EXPIRED, TICKET_WRONG_CODES } from "@/server/services/two-factor/tickets";
import { callerFor, registeredUser, signedIn } from "./helpers";

let addressCounter = 0;
/** Each test signs in from an address of its own, so the per-address throttle of one test never touches another. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

/** The code an authenticator app shows for this secret `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A code that is certainly wrong now: none of the accepted steps (now ± 1) shows it. */
function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => codeFor(secret, step)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!accepted.has(code)) return code;
  }
}

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** A fresh account with two-factor on: its secret, recovery codes, and a caller from its own address. */
async function accountWithTwoFactor() {
  const user = await registeredUser("two-factor");
  const address = freshAddress();
  const caller = callerFor(user.id, address);
  const { secret, otpauth_url } = await caller.twoFactor.setup();
  const { recovery_codes } = await caller.twoFactor.enable({ code: codeFor(secret) });
  return { ...user, address, caller, secret, otpauth_url, recovery_codes, anonymous: callerFor(null, address) };
}

async function ticketFor(account: { email: string; password: string; anonymous: ReturnType<typeof callerFor> }) {
  const answer = await account.anonymous.auth.login({ email: account.email, password: account.password });
  if (!("two_factor_required" in answer)) throw new Error("Expected a two-factor ticket");
  return answer.ticket;
}

describe("turning two-factor on", () => {
  it("hands out a secret, asks for a code from it, then issues ten recovery codes", async () => {
    const user = await registeredUser("setup");
    const caller = callerFor(user.id, freshAddress());
    const { secret, otpauth_url } = await caller.twoFactor.setup();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain("issuer=Linkbio");
    // Until a code confirms the app, log-in is unchanged.
    expect(signedIn(await callerFor(null).auth.login({ email: user.email, password: user.password })).access).toBeTruthy();
    expect((await failure(caller.twoFactor.enable({ code: wrongCode(secret) }))).message).toBe("Invalid code");
    await expect(caller.settings.get()).resolves.toMatchObject({ two_factor_enabled: false });

    const { recovery_codes } = await caller.twoFactor.enable({ code: codeFor(secret) });
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    await expect(caller.settings.get()).resolves.toMatchObject({ two_factor_enabled: true });
    await expect(caller.twoFactor.status()).resolves.toEqual({ enabled: true, recovery_codes_left: 10 });
    expect((await failure(caller.twoFactor.setup())).code).toBe("CONFLICT");
  });

  it("names APP_NAME as the issuer, so a staging and a production account differ in an authenticator app", async () => {
    const before = process.env.APP_NAME;
    process.env.APP_NAME = "Linkbio Staging";
    try {
      const user = await registeredUser("issuer");
      const { otpauth_url } = await callerFor(user.id, freshAddress()).twoFactor.setup();
      expect(otpauth_url).toContain("issuer=Linkbio%20Staging");
      expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Linkbio%20Staging:/);
    } finally {
      if (before === undefined) delete process.env.APP_NAME;
      else process.env.APP_NAME = before;
    }
  });

  it("stores the secret sealed and the recovery codes as hashes, in tables of their own", async () => {
    const account = await accountWithTwoFactor();
    const row = await db().twoFactorSecret.findUniqueOrThrow({ where: { user_id: account.id } });
    expect(row.secret_encrypted).not.toContain(account.secret);
    expect(row.secret_encrypted).toMatch(/^v1\./);
    const codes = await db().recoveryCode.findMany({ where: { user_id: account.id } });
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(codes);
    for (const code of account.recovery_codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    const user = await db().user.findUniqueOrThrow({ where: { id: account.id }, include: { settings: true, profiles: true } });
    expect(JSON.stringify(user)).not.toContain(account.secret);
  });
});

describe("log-in with two-factor on", () => {
  it("answers a ticket instead of tokens, and the ticket with a code signs in", async () => {
    const account = await accountWithTwoFactor();
    const answer = await account.anonymous.auth.login({ email: account.email, password: account.password });
    expect(answer).toEqual({ two_factor_required: true, ticket: expect.any(String) });
    expect(answer).not.toHaveProperty("access");
    const ticket = (answer as { ticket: string }).ticket;
    const tokens = await account.anonymous.auth.loginTwoFactor({ ticket, code: codeFor(account.secret, 1) });
    expect(tokens.user.id).toBe(account.id);
    const sessions = await account.caller.auth.sessions();
    expect(sessions.find((session) => session.kind === "api")).toMatchObject({ method: "password", two_factor: true });
    // A ticket is good once.
    expect((await failure(account.anonymous.auth.loginTwoFactor({ ticket, code: codeFor(account.secret, 1) }))).message).toBe(
      TICKET_EXPIRED,
    );
  });

  it("refuses a code that was already accepted (no replay within its window)", async () => {
    const account = await accountWithTwoFactor();
    const code = codeFor(account.secret, 1);
    await account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code });
    const replay = await failure(account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code }));
    expect(replay.code).toBe("UNAUTHORIZED");
    expect(replay.message).toBe("Invalid code");
    // The code the app showed when two-factor was turned on is spent too.
    const enableCode = await failure(
      account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: codeFor(account.secret) }),
    );
    expect(enableCode.message).toBe("Invalid code");
  });

  it("accepts each recovery code once, in any case and with or without the dash", async () => {
    const account = await accountWithTwoFactor();
    const [first, second] = account.recovery_codes as [string, string];
    await expect(account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: first })).resolves.toHaveProperty(
      "access",
    );
    const again = await failure(account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: first }));
    expect(again.message).toBe("Invalid code");
    const typed = ` ${second.toUpperCase().replace("-", "")} `;
    await expect(account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: typed })).resolves.toHaveProperty(
      "access",
    );
    await expect(account.caller.twoFactor.status()).resolves.toEqual({ enabled: true, recovery_codes_left: 8 });
  });

  it("lets a ticket expire after five minutes", async () => {
    const account = await accountWithTwoFactor();
    const before = Date.now();
    const ticket = await ticketFor(account);
    const issued = await db().twoFactorTicket.findFirstOrThrow({ where: { user_id: account.id } });
    expect(issued.expires_at.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(issued.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    await db().twoFactorTicket.updateMany({ where: { user_id: account.id }, data: { expires_at: new Date(Date.now() - 1000) } });
    const expired = await failure(account.anonymous.auth.loginTwoFactor({ ticket, code: codeFor(account.secret, 1) }));
    expect(expired.code).toBe("UNAUTHORIZED");
    expect(expired.message).toBe(TICKET_EXPIRED);
  });

  it("ends a ticket after five wrong codes, even for the right one", async () => {
    const account = await accountWithTwoFactor();
    const ticket = await ticketFor(account);
    for (let attempt = 0; attempt < TICKET_WRONG_CODES; attempt++) {
      const wrong = await failure(account.anonymous.auth.loginTwoFactor({ ticket, code: wrongCode(account.secret) }));
      expect(wrong.message).toBe("Invalid code");
    }
    const dead = await failure(account.anonymous.auth.loginTwoFactor({ ticket, code: codeFor(account.secret, 1) }));
    expect(dead.message).toBe(TICKET_EXPIRED);
    // A new ticket (the password again) still works.
    await expect(
      account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: codeFor(account.secret, 1) }),
    ).resolves.toHaveProperty("access");
  });

  it("throttles wrong codes per account, across tickets and addresses", async () => {
    const account = await accountWithTwoFactor();
    for (let attempt = 0; attempt < CODE_FAILURES_PER_ACCOUNT; attempt++) {
      const from = callerFor(null, freshAddress());
      const answer = await from.auth.login({ email: account.email, password: account.password });
      const ticket = (answer as { ticket: string }).ticket;
      expect((await failure(from.auth.loginTwoFactor({ ticket, code: wrongCode(account.secret) }))).code).toBe("UNAUTHORIZED");
    }
    const locked = await failure(
      account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: codeFor(account.secret, 1) }),
    );
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(locked.message).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
  });

  it("throttles wrong codes per address, across accounts", async () => {
    const address = freshAddress();
    const attacker = callerFor(null, address);
    let attempts = 0;
    while (attempts < CODE_FAILURES_PER_ADDRESS) {
      const victim = await accountWithTwoFactor();
      for (let n = 0; n < TICKET_WRONG_CODES && attempts < CODE_FAILURES_PER_ADDRESS; n++, attempts++) {
        const ticket = await ticketFor(victim);
        await failure(attacker.auth.loginTwoFactor({ ticket, code: wrongCode(victim.secret) }));
      }
    }
    const owner = await accountWithTwoFactor();
    const locked = await failure(attacker.auth.loginTwoFactor({ ticket: await ticketFor(owner), code: codeFor(owner.secret, 1) }));
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    // The owner at their own address is not locked out.
    await expect(
      owner.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(owner), code: codeFor(owner.secret, 1) }),
    ).resolves.toHaveProperty("access");
  });
});

describe("turning two-factor off and new recovery codes", () => {
  it("refuses a wrong code or password and stays on", async () => {
    const account = await accountWithTwoFactor();
    const wrong = await failure(account.caller.twoFactor.disable({ code: wrongCode(account.secret) }));
    expect(wrong.code).toBe("BAD_REQUEST");
    expect(wrong.message).toBe("Invalid code");
    const badPassword = await failure(account.caller.twoFactor.disable({ password: "not my password" }));
    expect(badPassword.message).toBe("Password is incorrect");
    expect((await failure(account.caller.twoFactor.disable({} as never))).code).toBe("BAD_REQUEST");
    await expect(account.caller.settings.get()).resolves.toMatchObject({ two_factor_enabled: true });
    expect("two_factor_required" in (await account.anonymous.auth.login({ email: account.email, password: account.password }))).toBe(true);
  });

  it("turns off with a current code, deleting the secret and recovery codes", async () => {
    const account = await accountWithTwoFactor();
    await account.caller.twoFactor.disable({ code: codeFor(account.secret, 1) });
    await expect(account.caller.settings.get()).resolves.toMatchObject({ two_factor_enabled: false });
    expect(await db().twoFactorSecret.count({ where: { user_id: account.id } })).toBe(0);
    expect(await db().recoveryCode.count({ where: { user_id: account.id } })).toBe(0);
    expect(signedIn(await account.anonymous.auth.login({ email: account.email, password: account.password })).access).toBeTruthy();
  });

  it("turns off with the password", async () => {
    const account = await accountWithTwoFactor();
    await account.caller.twoFactor.disable({ password: account.password });
    await expect(account.caller.twoFactor.status()).resolves.toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it("replaces the recovery codes, and the old ones stop working", async () => {
    const account = await accountWithTwoFactor();
    const { recovery_codes } = await account.caller.twoFactor.regenerateRecoveryCodes({ password: account.password });
    expect(recovery_codes).toHaveLength(10);
    const old = await failure(
      account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: account.recovery_codes[0]! }),
    );
    expect(old.message).toBe("Invalid code");
    await expect(
      account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: recovery_codes[0]! }),
    ).resolves.toHaveProperty("access");
  });

  it("keeps a password change ending every session, and revoked sessions revoked", async () => {
    const account = await accountWithTwoFactor();
    const tokens = await account.anonymous.auth.loginTwoFactor({ ticket: await ticketFor(account), code: codeFor(account.secret, 1) });
    const bearer = createCaller({
      db: db(),
      sql: getDatabase().sql,
      userId: account.id,
      clientIp: account.address,
      headers: new Headers({ authorization: `Bearer ${tokens.access}` }),
    });
    await bearer.auth.changePassword({ current_password: account.password, new_password: "another long passphrase" });
    const refresh = await failure(account.anonymous.auth.refresh({ refresh: tokens.refresh }));
    expect(refresh.code).toBe("UNAUTHORIZED");
    // Two-factor survives the password change.
    const again = await account.anonymous.auth.login({ email: account.email, password: "another long passphrase" });
    expect(again).toMatchObject({ two_factor_required: true });
  });
});

describe("REST contract", () => {
  async function rest(path: string, body: unknown, access?: string) {
    const headers = new Headers({ "content-type": "application/json", "x-forwarded-for": "192.0.2.77" });
    if (access) headers.set("authorization", `Bearer ${access}`);
    const response = await handleRestRequest(
      new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("sets up, enables, logs in with a ticket and a code, and disables", async () => {
    const user = await registeredUser("rest-2fa");
    const login = await rest("/auth/login/", { email: user.email, password: user.password });
    const access = login.body.access as string;
    const setup = await rest("/auth/2fa/setup/", undefined, access);
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(["otpauth_url", "secret"]);
    const secret = setup.body.secret as string;
    const enable = await rest("/auth/2fa/enable/", { code: codeFor(secret) }, access);
    expect(enable.status).toBe(200);
    expect(enable.body.recovery_codes).toHaveLength(10);
    const settings = await handleRestRequest(
      new Request("http://localhost/api/v1/profiles/settings/", { headers: { authorization: `Bearer ${access}` } }),
    );
    expect(await settings.json()).toMatchObject({ two_factor_enabled: true });

    const challenged = await rest("/auth/login/", { email: user.email, password: user.password });
    expect(challenged.status).toBe(200);
    expect(challenged.body).toEqual({ two_factor_required: true, ticket: expect.any(String) });
    const wrong = await rest("/auth/login/2fa/", { ticket: challenged.body.ticket, code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe("Invalid code");
    const finished = await rest("/auth/login/2fa/", { ticket: challenged.body.ticket, code: codeFor(secret, 1) });
    expect(finished.status).toBe(200);
    expect(Object.keys(finished.body).sort()).toEqual(["access", "refresh", "user"]);

    const refused = await rest("/auth/2fa/disable/", { code: wrongCode(secret) }, access);
    expect(refused.status).toBe(400);
    const disabled = await rest("/auth/2fa/disable/", { password: user.password }, access);
    expect(disabled.status).toBe(200);
    expect((await rest("/auth/login/", { email: user.email, password: user.password })).body).toHaveProperty("access");
  });
});
