import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createApiToken, verifyApiToken } from "@/server/services/auth/api-tokens";
import { verifyAccessToken } from "@/server/services/auth/tokens";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";

const CLIENT_ID = "test-client.apps.googleusercontent.com";
let server: Server;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" }] });
  server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(jwks));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function idToken(
  claims: Record<string, unknown>,
  options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string | null } = {},
) {
  const token = new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(options.issuer ?? "https://accounts.google.com")
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt();
  if (options.expiresIn !== null) token.setExpirationTime(options.expiresIn ?? "1h");
  return token.sign(options.key ?? signingKey);
}

describe("Google ID token sign-in", () => {
  it("creates the account on first use and reports created, then finds it", async () => {
    const email = uniqueEmail("google");
    const credential = await idToken({ sub: `g-${email}`, email, given_name: "Grace", family_name: "Hopper" });
    const first = signedIn(await callerFor(null).auth.google({ credential }));
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ email, first_name: "Grace", last_name: "Hopper", onboarding_completed: false });
    expect(first.access).toBeTruthy();
    const second = signedIn(await callerFor(null).auth.google({ credential }));
    expect(second).toMatchObject({ created: false, user: { id: first.user.id } });
  });

  it.each<[string, { stranger?: boolean; audience?: string; issuer?: string; expiresIn?: string | null }]>([
    ["a foreign signature", { stranger: true }],
    ["another audience", { audience: "someone-else" }],
    ["another issuer", { issuer: "https://evil.example.com" }],
    ["an expired token", { expiresIn: "-1m" }],
    ["a token without an expiry", { expiresIn: null }],
  ])("refuses %s", async (_label, { stranger, ...options }) => {
    const email = uniqueEmail("google");
    const credential = await idToken({ sub: `g-${email}`, email }, { ...options, key: stranger ? strangerKey : undefined });
    await expect(callerFor(null).auth.google({ credential })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Google login failed",
    });
  });

  it("takes a password account over alone: the registrant's password, tokens and sessions stop working", async () => {
    const squatter = await registeredUser("victim");
    const stolen = signedIn(await callerFor(null).auth.login({ email: squatter.email, password: squatter.password }));
    expect(await verifyAccessToken(db(), stolen.access)).not.toBeNull();
    const squattersApiToken = await createApiToken(db(), squatter.id, { name: "kept access", scopes: ["links:write"] });

    const credential = await idToken({ sub: `g-${squatter.email}`, email: squatter.email });
    const owner = signedIn(await callerFor(null).auth.google({ credential }));
    expect(owner).toMatchObject({ created: false, user: { id: squatter.id } });

    expect(await verifyAccessToken(db(), stolen.access)).toBeNull();
    expect(await verifyApiToken(db(), squattersApiToken.token)).toBeNull();
    await expect(callerFor(null).auth.refresh({ refresh: stolen.refresh })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(null, "198.51.100.9").auth.login({ email: squatter.email, password: squatter.password })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await verifyAccessToken(db(), owner.access)).not.toBeNull();
  });

  it("links a password account whose address was verified as it is: its password and sessions keep working", async () => {
    const owner = await registeredUser("verified");
    await db().user.update({ where: { id: owner.id }, data: { email_verified_at: new Date() } });
    const session = signedIn(await callerFor(null).auth.login({ email: owner.email, password: owner.password }));

    const credential = await idToken({ sub: `g-${owner.email}`, email: owner.email });
    expect(signedIn(await callerFor(null).auth.google({ credential }))).toMatchObject({ created: false, user: { id: owner.id } });

    expect(await verifyAccessToken(db(), session.access)).not.toBeNull();
    await expect(callerFor(null, "198.51.100.10").auth.login({ email: owner.email, password: owner.password })).resolves.toHaveProperty(
      "access",
    );
  });

  it("links a Google-only account again without ending its sessions", async () => {
    const email = uniqueEmail("google");
    const first = signedIn(await callerFor(null).auth.google({ credential: await idToken({ sub: `g-${email}`, email }) }));
    const again = signedIn(await callerFor(null).auth.google({ credential: await idToken({ sub: `g-${email}`, email }) }));
    expect(again.user.id).toBe(first.user.id);
    expect(await verifyAccessToken(db(), first.access)).not.toBeNull();
  });
});
