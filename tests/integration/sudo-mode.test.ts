import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { REAUTHENTICATE, SUDO_MINUTES } from "@/lib/schemas/sudo-proof";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { relyingParty } from "@/server/services/passkeys/relying-party";
import { verifyAccessToken } from "@/server/services/auth/tokens";
import { callerFor, registeredUser, signedIn } from "./helpers";
import { queuedFor } from "./mail-capture";

let addressCounter = 0;
const freshAddress = () => `198.51.100.${100 + (++addressCounter % 150)}`;

/** A REST log-in: its access token, and a tRPC caller that presents it (a real session). */
async function logIn(user: { email: string; password: string }) {
  const address = freshAddress();
  const tokens = signedIn(await callerFor(null, address).auth.login({ email: user.email, password: user.password }));
  const session = (await verifyAccessToken(db(), tokens.access))!;
  const headers = new Headers({ authorization: `Bearer ${tokens.access}`, [CLIENT_IP_HEADER]: address });
  return { ...tokens, sessionId: session.sessionId, caller: createCaller(await createContext({ headers })) };
}

/** The session proved who it is longer ago than sudo mode allows. */
const age = (sessionId: string) =>
  db().session.update({ where: { id: sessionId }, data: { verified_at: new Date(Date.now() - (SUDO_MINUTES * 60 + 1) * 1000) } });

async function messageOf(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => "ok",
    (error: unknown) => (error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error)),
  );
}

const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

type Caller = ReturnType<typeof createCaller>;
const sensitive: [string, (caller: Caller) => Promise<unknown>][] = [
  ["passkey options", (caller) => caller.passkey.registrationOptions()],
  ["removing a passkey", (caller) => caller.passkey.remove({ id: "no-such-passkey" })],
  ["setting up codes", (caller) => caller.twoFactor.setup()],
  ["turning codes on", (caller) => caller.twoFactor.enable({ code: "123456" })],
  ["deleting the account", (caller) => caller.auth.deleteAccount()],
];

describe("sudo mode", () => {
  it.each(sensitive)("%s: refused once the log-in is older than 5 minutes, until it is proven again", async (_label, call) => {
    const user = await registeredUser("sudo");
    const session = await logIn(user);
    await age(session.sessionId);
    expect(await messageOf(call(session.caller))).toBe(`FORBIDDEN: ${REAUTHENTICATE}`);
    expect(await messageOf(session.caller.auth.confirmIdentity({ password: "wrong password" }))).toBe("BAD_REQUEST: Password is incorrect");
    expect(await messageOf(call(session.caller))).toBe(`FORBIDDEN: ${REAUTHENTICATE}`);
    await session.caller.auth.confirmIdentity({ password: user.password });
    expect(await messageOf(call(session.caller))).not.toBe(`FORBIDDEN: ${REAUTHENTICATE}`);
  });

  it("takes `current_password` in the change itself instead, checked and throttled", async () => {
    const user = await registeredUser("sudo-body");
    const session = await logIn(user);
    await age(session.sessionId);
    expect(await messageOf(session.caller.twoFactor.setup({ current_password: "wrong password" }))).toBe(
      "BAD_REQUEST: Current password is incorrect",
    );
    await expect(session.caller.twoFactor.setup({ current_password: user.password })).resolves.toHaveProperty("secret");
  });

  it("accepts a current code for an account with codes on, and refuses a wrong one", async () => {
    const user = await registeredUser("sudo-code");
    const { secret } = await user.caller.twoFactor.setup();
    const { recovery_codes } = await user.caller.twoFactor.enable({ code: codeAt(secret, 0) });
    const ticket = await callerFor(null, freshAddress()).auth.login({ email: user.email, password: user.password });
    const tokens = signedIn(
      await callerFor(null).auth.loginTwoFactor({ ticket: (ticket as { ticket: string }).ticket, code: recovery_codes[0]! }),
    );
    const sessionId = (await verifyAccessToken(db(), tokens.access))!.sessionId;
    const caller = createCaller(await createContext({ headers: new Headers({ authorization: `Bearer ${tokens.access}` }) }));
    await age(sessionId);
    expect(await messageOf(caller.passkey.registrationOptions())).toBe(`FORBIDDEN: ${REAUTHENTICATE}`);
    expect(await messageOf(caller.auth.confirmIdentity({ code: "000000" }))).toMatch(/^BAD_REQUEST: Invalid code$/);
    await caller.auth.confirmIdentity({ code: codeAt(secret, 1) });
    expect(await messageOf(caller.passkey.registrationOptions())).toBe("ok");
  });

  it.each([
    ["nothing", {}],
    ["two proofs at once", { password: "a", code: "123456" }],
    ["an unknown field", { password: "a", sudo: true }],
    ["a huge password", { password: "x".repeat(10_000) }],
  ])("refuses a prompt answer with %s (400)", async (_label, body) => {
    const user = await registeredUser("sudo-hostile");
    const session = await logIn(user);
    expect(await messageOf(session.caller.auth.confirmIdentity(body as never))).toMatch(/^BAD_REQUEST: /);
  });

  it("turning codes on ends the account's other sessions, not this one", async () => {
    const user = await registeredUser("sudo-2fa-on");
    const here = await logIn(user);
    const elsewhere = await logIn(user);
    const { secret } = await here.caller.twoFactor.setup();
    await here.caller.twoFactor.enable({ code: codeAt(secret, 0) });
    expect(await verifyAccessToken(db(), elsewhere.access)).toBeNull();
    expect(await verifyAccessToken(db(), here.access)).not.toBeNull();
  });
});

describe("sudo mode over REST", () => {
  const deleteAccount = (access: string, body?: object) =>
    handleRestRequest(
      new Request("http://localhost/api/v1/auth/user/", {
        method: "DELETE",
        headers: { authorization: `Bearer ${access}`, "content-type": "application/json", [CLIENT_IP_HEADER]: freshAddress() },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  it("an access token from an older log-in needs current_password; the deletion tells the address", async () => {
    const user = await registeredUser("rest-delete");
    const session = await logIn(user);
    await age(session.sessionId);
    const refused = await deleteAccount(session.access);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: REAUTHENTICATE, code: "reauthentication_required" });
    expect((await deleteAccount(session.access, { current_password: "wrong password" })).status).toBe(400);
    expect((await deleteAccount(session.access, { current_password: 12 })).status).toBe(400);
    expect(await db().user.count({ where: { id: user.id } })).toBe(1);
    expect((await deleteAccount(session.access, { current_password: user.password })).status).toBe(204);
    expect(await db().user.count({ where: { id: user.id } })).toBe(0);
    expect((await queuedFor(user.email)).at(-1)?.subject).toBe("Your Linkbio account was deleted");
  });

  it("an access token from a log-in within the last 5 minutes is enough", async () => {
    const user = await registeredUser("rest-fresh");
    const session = await logIn(user);
    expect((await deleteAccount(session.access)).status).toBe(204);
  });

  it("a refreshed access token keeps its log-in's time: refreshing does not renew the proof", async () => {
    const user = await registeredUser("rest-refresh");
    const session = await logIn(user);
    await age(session.sessionId);
    const { access } = await callerFor(null).auth.refresh({ refresh: session.refresh });
    expect((await deleteAccount(access)).status).toBe(403);
  });
});

/** A passkey the test holds itself: its P-256 key signs assertions as an authenticator would. */
function testPasskey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coordinate = (value: string | undefined) => Buffer.from(value!, "base64url");
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y} in CBOR.
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    coordinate(jwk.x),
    Buffer.from([0x22, 0x58, 0x20]),
    coordinate(jwk.y),
  ]);
  const id = randomBytes(16).toString("base64url");
  let counter = 0;
  return {
    id,
    cose,
    /** The browser's answer to these options, signed with user verification. */
    answer(options: { challenge: string }) {
      const rp = relyingParty();
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: rp.origin }));
      const count = Buffer.alloc(4);
      count.writeUInt32BE(++counter);
      const authenticatorData = Buffer.concat([createHash("sha256").update(rp.id).digest(), Buffer.from([0x05]), count]);
      const signature = sign(
        "sha256",
        Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientDataJSON.toString("base64url"),
          authenticatorData: authenticatorData.toString("base64url"),
          signature: signature.toString("base64url"),
        },
      };
    },
  };
}

describe("sudo mode with a passkey", () => {
  it("accepts the account's own passkey answering a fresh challenge, once, and no one else's", async () => {
    const user = await registeredUser("sudo-passkey");
    const key = testPasskey();
    await db().passkey.create({ data: { user_id: user.id, credential_id: key.id, public_key: key.cose, name: "Test key" } });
    const session = await logIn(user);
    await age(session.sessionId);
    expect(await session.caller.auth.identityOptions()).toEqual({ password: true, code: false, passkey: true });
    const answer = key.answer(await session.caller.passkey.confirmOptions());
    await session.caller.auth.confirmIdentity({ passkey: answer });
    expect(await messageOf(session.caller.passkey.registrationOptions())).toBe("ok");

    // The same answer again: its challenge is spent.
    await age(session.sessionId);
    expect(await messageOf(session.caller.auth.confirmIdentity({ passkey: answer }))).toBe(
      "UNAUTHORIZED: Passkey sign-in failed. Please try again.",
    );
    // Another account's passkey, answering this account's challenge, proves nothing.
    const stranger = await registeredUser("sudo-stranger");
    const strangerKey = testPasskey();
    await db().passkey.create({
      data: { user_id: stranger.id, credential_id: strangerKey.id, public_key: strangerKey.cose, name: "Theirs" },
    });
    const foreign = strangerKey.answer(await session.caller.passkey.confirmOptions());
    expect(await messageOf(session.caller.auth.confirmIdentity({ passkey: foreign }))).toBe(
      "UNAUTHORIZED: Passkey sign-in failed. Please try again.",
    );
    expect(await messageOf(session.caller.passkey.registrationOptions())).toBe(`FORBIDDEN: ${REAUTHENTICATE}`);
  });
});
