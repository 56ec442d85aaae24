import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TRPCError } from "@trpc/server";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { INVALID_EMAIL_LINK } from "@/server/services/auth/email-address";
import { INVALID_RESET_LINK, settleResetRequests } from "@/server/services/auth/password-reset";
import { verifyAccessToken } from "@/server/services/auth/tokens";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";
import { queuedFor, tokenFromLatest } from "./mail-capture";

const CLIENT_ID = "takeover-test.apps.googleusercontent.com";
let server: Server;
let signingKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k", alg: "RS256", use: "sig" }] });
  server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(jwks));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const googleToken = (email: string) =>
  new SignJWT({ email_verified: true, sub: `g-${email}`, email })
    .setProtectedHeader({ alg: "RS256", kid: "k" })
    .setIssuer("https://accounts.google.com")
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(signingKey);

let stepsAhead = 0;
/** A code of this secret for a later step each time, so no two calls spend the same step. */
const nextCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + (stepsAhead++ % 2) * 30_000 });

async function messageOf(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => "ok",
    (error: unknown) => (error instanceof TRPCError ? error.message : String(error)),
  );
}

const addPasskey = (userId: string, label: string, created_at = new Date()) =>
  db().passkey.create({
    data: { user_id: userId, credential_id: `${label}-${userId}`, public_key: Buffer.from([1, 2, 3]), name: label, created_at },
  });

/**
 * Someone registers the victim's address with a password and sets up everything that would let them
 * back in: a signed-in API session, a pending change of address to their own mailbox, authenticator
 * codes and a passkey.
 */
async function squattedAccount() {
  const squatter = await registeredUser("squatted");
  const attackerMailbox = uniqueEmail("attacker");
  await squatter.caller.auth.changeEmail({ new_email: attackerMailbox, current_password: squatter.password });
  const changeLink = await tokenFromLatest(attackerMailbox, "/verify-email");
  const { secret } = await squatter.caller.twoFactor.setup();
  await squatter.caller.twoFactor.enable({ code: nextCode(secret) });
  await addPasskey(squatter.id, "squatter-key");
  const ticket = await callerFor(null, "198.51.100.50").auth.login({ email: squatter.email, password: squatter.password });
  const tokens = signedIn(
    await callerFor(null).auth.loginTwoFactor({ ticket: (ticket as { ticket: string }).ticket, code: nextCode(secret) }),
  );
  return { ...squatter, attackerMailbox, changeLink, secret, tokens };
}

/** Nothing the squatter set up works any more. */
async function expectNothingLeft(squatted: Awaited<ReturnType<typeof squattedAccount>>) {
  expect(await messageOf(callerFor(null).auth.confirmEmail({ token: squatted.changeLink }))).toBe(INVALID_EMAIL_LINK);
  expect((await db().user.findUniqueOrThrow({ where: { id: squatted.id } })).email).toBe(squatted.email);
  expect(await db().passkey.count({ where: { user_id: squatted.id } })).toBe(0);
  expect(await db().twoFactorSecret.count({ where: { user_id: squatted.id } })).toBe(0);
  expect(await db().recoveryCode.count({ where: { user_id: squatted.id } })).toBe(0);
  expect(await verifyAccessToken(db(), squatted.tokens.access)).toBeNull();
  expect(await db().emailToken.count({ where: { user_id: squatted.id, used_at: null, purpose: { not: "reset" } } })).toBe(0);
}

describe("no pre-registration takeover", () => {
  it("a Google sign-in with the address ends everything the registrant set up, and asks the owner for no code of theirs", async () => {
    const squatted = await squattedAccount();
    const owner = await callerFor(null).auth.google({ credential: await googleToken(squatted.email) });
    // Signed in at once: the squatter's authenticator is not asked for.
    expect(signedIn(owner).user).toMatchObject({ id: squatted.id, email_verified: true });
    await expectNothingLeft(squatted);
    expect(await messageOf(callerFor(null, "198.51.100.51").auth.login({ email: squatted.email, password: squatted.password }))).toBe(
      "Invalid credentials",
    );
  });

  it("a password reset of an unverified account is a takeover too", async () => {
    const squatted = await squattedAccount();
    await callerFor(null, "198.51.100.52").auth.requestPasswordReset({ email: squatted.email });
    await settleResetRequests();
    const token = await tokenFromLatest(squatted.email, "/reset-password");
    await callerFor(null).auth.confirmPasswordReset({ token, new_password: "the owner's own passphrase" });
    await expectNothingLeft(squatted);
    // The owner signs in with the new password alone: no code is asked for.
    const answer = await callerFor(null, "198.51.100.53").auth.login({ email: squatted.email, password: "the owner's own passphrase" });
    expect(signedIn(answer).user.id).toBe(squatted.id);
  });

  it("opening the verification link ends changes of address asked for before it", async () => {
    const user = await registeredUser("verify-ends-change");
    const verifyLink = await tokenFromLatest(user.email, "/verify-email");
    const elsewhere = uniqueEmail("elsewhere");
    await user.caller.auth.changeEmail({ new_email: elsewhere, current_password: user.password });
    const changeLink = await tokenFromLatest(elsewhere, "/verify-email");
    await callerFor(null).auth.confirmEmail({ token: verifyLink });
    expect(await messageOf(callerFor(null).auth.confirmEmail({ token: changeLink }))).toBe(INVALID_EMAIL_LINK);
  });
});

describe("password changes and resets end links", () => {
  async function withOpenLinks() {
    const user = await registeredUser("links");
    await db().user.update({ where: { id: user.id }, data: { email_verified_at: new Date() } });
    await callerFor(null, "198.51.100.60").auth.requestPasswordReset({ email: user.email });
    await settleResetRequests();
    const resetLink = await tokenFromLatest(user.email, "/reset-password");
    const elsewhere = uniqueEmail("pending");
    await user.caller.auth.changeEmail({ new_email: elsewhere, current_password: user.password });
    return { ...user, resetLink, changeLink: await tokenFromLatest(elsewhere, "/verify-email") };
  }

  it("a password change ends reset links and pending changes of address", async () => {
    const user = await withOpenLinks();
    await user.caller.auth.changePassword({ current_password: user.password, new_password: "another good passphrase" });
    expect(await messageOf(callerFor(null).auth.confirmPasswordReset({ token: user.resetLink, new_password: "a third passphrase" }))).toBe(
      INVALID_RESET_LINK,
    );
    expect(await messageOf(callerFor(null).auth.confirmEmail({ token: user.changeLink }))).toBe(INVALID_EMAIL_LINK);
  });

  it("a password reset ends pending changes of address and the other reset links", async () => {
    const user = await withOpenLinks();
    await callerFor(null, "198.51.100.61").auth.requestPasswordReset({ email: user.email });
    await settleResetRequests();
    const secondReset = await tokenFromLatest(user.email, "/reset-password");
    await callerFor(null).auth.confirmPasswordReset({ token: secondReset, new_password: "another good passphrase" });
    expect(await messageOf(callerFor(null).auth.confirmPasswordReset({ token: user.resetLink, new_password: "a third passphrase" }))).toBe(
      INVALID_RESET_LINK,
    );
    expect(await messageOf(callerFor(null).auth.confirmEmail({ token: user.changeLink }))).toBe(INVALID_EMAIL_LINK);
  });
});

describe("undoing a change of address from the old address", () => {
  async function changedAway() {
    const owner = await registeredUser("revert");
    await db().user.update({ where: { id: owner.id }, data: { email_verified_at: new Date() } });
    await addPasskey(owner.id, "owner-key", new Date(Date.now() - 60_000));
    const ownerTokens = signedIn(await callerFor(null, "198.51.100.70").auth.login({ email: owner.email, password: owner.password }));
    // Someone holding a session changes the address, then adds their own ways in.
    const thief = uniqueEmail("thief");
    await owner.caller.auth.changeEmail({ new_email: thief, current_password: owner.password });
    await callerFor(null).auth.confirmEmail({ token: await tokenFromLatest(thief, "/verify-email") });
    await addPasskey(owner.id, "thief-key");
    const { secret } = await owner.caller.twoFactor.setup();
    await owner.caller.twoFactor.enable({ code: nextCode(secret) });
    await owner.caller.auth.changePassword({ current_password: owner.password, new_password: "the thief's passphrase" });
    const notice = (await queuedFor(owner.email)).at(-1)!;
    return { ...owner, thief, notice, ownerTokens, revertLink: await tokenFromLatest(owner.email, "/revert-email") };
  }

  it("the notice to the old address carries a 7-day link that brings the account back and ends what was added since", async () => {
    const account = await changedAway();
    expect(account.notice.subject).toBe("Your Linkbio email address was changed");
    expect(account.notice.text).toContain("expires in 7 days");
    const row = await db().emailToken.findFirstOrThrow({ where: { user_id: account.id, purpose: "revert" } });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);

    const done = await callerFor(null).auth.revertEmail({ token: account.revertLink, new_password: "the owner's new passphrase" });
    expect(done.email).toBe(account.email);
    const user = await db().user.findUniqueOrThrow({ where: { id: account.id } });
    expect(user.email).toBe(account.email);
    expect((await db().passkey.findMany({ where: { user_id: account.id } })).map((passkey) => passkey.name)).toEqual(["owner-key"]);
    expect(await db().twoFactorSecret.count({ where: { user_id: account.id } })).toBe(0);
    expect(await verifyAccessToken(db(), account.ownerTokens.access)).toBeNull();
    expect(await db().session.count({ where: { user_id: account.id, revoked_at: null } })).toBe(0);
    expect(await messageOf(callerFor(null, "198.51.100.71").auth.login({ email: account.email, password: "the thief's passphrase" }))).toBe(
      "Invalid credentials",
    );
    const answer = await callerFor(null, "198.51.100.72").auth.login({ email: account.email, password: "the owner's new passphrase" });
    expect(signedIn(answer).user.id).toBe(account.id);
    // Once only.
    expect(await messageOf(callerFor(null).auth.revertEmail({ token: account.revertLink, new_password: "yet another passphrase" }))).toBe(
      INVALID_EMAIL_LINK,
    );
  });

  it.each([
    ["an unknown token", { token: "not-a-token", new_password: "a fine passphrase" }, 400],
    ["a common password", { token: "__revert__", new_password: "password123" }, 400],
    ["a missing password", { token: "__revert__" }, 400],
    ["an extra field", { token: "__revert__", new_password: "a fine passphrase", email: "x@example.com" }, 400],
  ])("answers %s over REST with 400 and changes nothing", async (_label, body, status) => {
    const account = await changedAway();
    const sent = { ...body, token: body.token === "__revert__" ? account.revertLink : body.token };
    const response = await handleRestRequest(
      new Request("http://localhost/api/v1/auth/email/revert/", {
        method: "POST",
        headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: "198.51.100.73" },
        body: JSON.stringify(sent),
      }),
    );
    expect(response.status).toBe(status);
    expect((await db().user.findUniqueOrThrow({ where: { id: account.id } })).email).toBe(account.thief);
    // The link was not used up.
    expect(await db().emailToken.count({ where: { user_id: account.id, purpose: "revert", used_at: null } })).toBe(1);
  });
});
