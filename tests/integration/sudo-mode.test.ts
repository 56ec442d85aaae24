import { TRPCError } from "@trpc/server";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { REAUTHENTICATE, SUDO_MINUTES } from "@/lib/schemas/sudo-proof";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
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
