import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptionsFor } from "@/server/auth/options";
import { db } from "@/server/db/client";
import { callerFor, uniqueEmail } from "./helpers";

/** Google sign-in of an account with two-factor on asks for the code before any session starts. */

const CLIENT_ID = "test-client.apps.googleusercontent.com";
let server: Server;
let signingKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" }] });
  server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(jwks));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

function idToken(sub: string, email: string) {
  return new SignJWT({ sub, email, email_verified: true })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer("https://accounts.google.com")
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(signingKey);
}

/** A Google account (created by its first sign-in) with two-factor turned on. */
async function googleAccountWithTwoFactor() {
  const email = uniqueEmail("google-2fa");
  const sub = `g-${email}`;
  const first = await callerFor(null).auth.google({ credential: await idToken(sub, email) });
  if (!("user" in first)) throw new Error("Expected tokens on the first sign-in");
  const caller = callerFor(first.user.id, "198.51.100.200");
  const { secret } = await caller.twoFactor.setup();
  await caller.twoFactor.enable({ code: codeFor(secret) });
  return { id: first.user.id, email, sub, secret };
}

describe("Google sign-in with two-factor on", () => {
  it("over REST answers a ticket, and the ticket with a code signs in as a Google session with a code", async () => {
    const account = await googleAccountWithTwoFactor();
    const answer = await callerFor(null).auth.google({ credential: await idToken(account.sub, account.email) });
    expect(answer).toEqual({ two_factor_required: true, ticket: expect.any(String) });
    const tokens = await callerFor(null).auth.loginTwoFactor({
      ticket: (answer as { ticket: string }).ticket,
      code: codeFor(account.secret, 1),
    });
    expect(tokens.user.id).toBe(account.id);
    const sessions = await callerFor(account.id).auth.sessions();
    expect(sessions.filter((session) => session.method === "google" && session.two_factor)).toHaveLength(1);
  });

  it("on the web sends the browser to the code step before any session starts", async () => {
    const account = await googleAccountWithTwoFactor();
    const options = authOptionsFor(new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" }));
    const sessionsBefore = await db().session.count({ where: { user_id: account.id } });
    const outcome = await options.callbacks!.signIn!({
      user: { id: account.sub, email: account.email },
      account: { provider: "google", type: "oauth", providerAccountId: account.sub },
      profile: { sub: account.sub, email: account.email },
    });
    expect(outcome).toMatch(/^\/login\?two_factor=[\w%-]+$/);
    expect(await db().session.count({ where: { user_id: account.id } })).toBe(sessionsBefore);

    const ticket = decodeURIComponent(String(outcome).split("=")[1]!);
    await expect(callerFor(null).auth.loginTwoFactor({ ticket, code: "not-a-code" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(null).auth.loginTwoFactor({ ticket, code: codeFor(account.secret, 1) })).resolves.toHaveProperty("access");
  });

  it("lets an account without two-factor straight through", async () => {
    const email = uniqueEmail("google-plain");
    const options = authOptionsFor(new Headers());
    const outcome = await options.callbacks!.signIn!({
      user: { id: `g-${email}`, email },
      account: { provider: "google", type: "oauth", providerAccountId: `g-${email}` },
      profile: { sub: `g-${email}`, email },
    });
    expect(outcome).toBe(true);
  });
});
