import { TRPCError } from "@trpc/server";
import { encode, type JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { authOptionsFor } from "@/server/auth/options";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { viewerId } from "@/server/public-page/viewer";
import { checkSession } from "@/server/services/auth/sessions";
import { handleRestRequest } from "@/server/rest/handler";
import { registeredUser, signedIn } from "./helpers";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const device = (userAgent = FIREFOX_ON_LINUX) => new Headers({ "user-agent": userAgent, [CLIENT_IP_HEADER]: "81.2.69.160" });

/** Signs in through next-auth's own callbacks, as /api/auth/callback/credentials does, and returns the cookie header. */
async function webSignIn(user: { id: string; email: string }, headers = device()) {
  const options = authOptionsFor(headers);
  const token = (await options.callbacks!.jwt!({
    token: { sub: user.id, email: user.email },
    user: { id: user.id, email: user.email },
    account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
  })) as JWT;
  const cookie = `next-auth.session-token=${await encode({ token, secret: process.env.AUTH_SECRET! })}`;
  return { token, cookie, options };
}

const cookieContext = (cookie: string) => createContext({ headers: new Headers({ cookie }) });
const bearerContext = (access: string) => createContext({ headers: new Headers({ authorization: `Bearer ${access}` }) });
const callerOf = async (headers: Headers) => createCaller(await createContext({ headers }));
const viewerOf = (cookie: string) => viewerId({ headers: { cookie } } as never);

async function apiSignIn(email: string, password: string) {
  const caller = await callerOf(device("linkbio-cli/1.0"));
  return signedIn(await caller.auth.login({ email, password }));
}

async function expectUnauthorized(call: Promise<unknown>) {
  await expect(call).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "UNAUTHORIZED");
}

describe("web sessions", () => {
  it("names a live server-side session that sign-out ends at once", async () => {
    const user = await registeredUser("signout");
    const { token, cookie, options } = await webSignIn(user);
    expect(typeof token.sid).toBe("string");
    expect((await cookieContext(cookie)).userId).toBe(user.id);
    expect(await viewerOf(cookie)).toBe(user.id);

    await options.events!.signOut!({ token, session: null as never });

    expect((await cookieContext(cookie)).userId).toBeNull();
    expect(await viewerOf(cookie)).toBeNull();
    await expectUnauthorized(createCaller(await cookieContext(cookie)).auth.me());
    // /api/auth/session runs the jwt callback: a replayed cookie is refused and cleared.
    await expect(options.callbacks!.jwt!({ token } as never)).rejects.toThrow();
  });

  it("ends every session, access token and refresh token on a password change", async () => {
    const user = await registeredUser("password");
    const laptop = await webSignIn(user);
    const phone = await webSignIn(
      user,
      device("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"),
    );
    const api = await apiSignIn(user.email, user.password);
    expect((await bearerContext(api.access)).userId).toBe(user.id);

    const caller = createCaller(await cookieContext(laptop.cookie));
    await caller.auth.changePassword({ current_password: user.password, new_password: "a brand new passphrase" });

    expect((await cookieContext(laptop.cookie)).userId).toBeNull();
    expect((await cookieContext(phone.cookie)).userId).toBeNull();
    expect((await bearerContext(api.access)).userId).toBeNull();
    await expectUnauthorized(createCaller(await createContext({ headers: new Headers() })).auth.refresh({ refresh: api.refresh }));
    const relogged = await apiSignIn(user.email, "a brand new passphrase");
    expect((await bearerContext(relogged.access)).userId).toBe(user.id);
  });

  it("ends every session when the account is deleted", async () => {
    const user = await registeredUser("deleted");
    const web = await webSignIn(user);
    const api = await apiSignIn(user.email, user.password);
    expect((await cookieContext(web.cookie)).userId).toBe(user.id);

    await createCaller(await bearerContext(api.access)).auth.deleteAccount();

    expect((await cookieContext(web.cookie)).userId).toBeNull();
    expect(await viewerOf(web.cookie)).toBeNull();
    expect((await bearerContext(api.access)).userId).toBeNull();
    expect(await db().session.count({ where: { user_id: user.id } })).toBe(0);
  });
});

describe("the session cookie over https", () => {
  it("counts only under its __Secure- name: the plain name a page without https could plant is ignored", async () => {
    const user = await registeredUser("prefix");
    const { cookie } = await webSignIn(user);
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const viaProxy = (sent: string) => new Headers({ cookie: sent, "x-forwarded-proto": "https" });
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = "1";
    try {
      expect((await createContext({ headers: viaProxy(`next-auth.session-token=${value}`) })).userId).toBeNull();
      expect((await createContext({ headers: viaProxy(`__Secure-next-auth.session-token=${value}`) })).userId).toBe(user.id);
      expect(await viewerId({ headers: { cookie: `next-auth.session-token=${value}`, "x-forwarded-proto": "https" } } as never)).toBeNull();
      // Over plain http the plain name is the one next-auth sets.
      expect((await cookieContext(`next-auth.session-token=${value}`)).userId).toBe(user.id);
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});

describe("sessions across instances", () => {
  it("are refused within two seconds when another instance revokes them", async () => {
    const user = await registeredUser("instances");
    const { token } = await webSignIn(user);
    const start = new Date();
    expect(await checkSession(db(), token, start)).toEqual({ userId: user.id, sessionId: token.sid });

    // Another instance ends the session: only the database changes here, not this instance's cache.
    await db().session.update({ where: { id: token.sid! }, data: { revoked_at: start } });

    expect(await checkSession(db(), token, new Date(start.getTime() + 2_000))).toBeNull();
  });

  it("starts from a Google sign-in too", async () => {
    const options = authOptionsFor(device());
    const token = (await options.callbacks!.jwt!({
      token: { sub: "google-subject" },
      user: { id: "google-subject" },
      account: { provider: "google", type: "oauth", providerAccountId: "google-subject" },
      profile: { sub: `google-${Date.now()}`, email: `g-${Date.now()}@example.com` },
    })) as JWT;
    const local = await db().user.findUniqueOrThrow({ where: { email: token.email! } });
    expect(token.sub).toBe(local.id);
    expect(await checkSession(db(), token)).toEqual({ userId: local.id, sessionId: token.sid });
  });
});

describe("POST /auth/logout/", () => {
  it("with all: true ends every session, access token and refresh token of the account", async () => {
    const user = await registeredUser("logout-all");
    const web = await webSignIn(user);
    const first = await apiSignIn(user.email, user.password);
    const second = await apiSignIn(user.email, user.password);

    await createCaller(await bearerContext(first.access)).auth.logout({ all: true });

    expect((await cookieContext(web.cookie)).userId).toBeNull();
    expect((await bearerContext(first.access)).userId).toBeNull();
    expect((await bearerContext(second.access)).userId).toBeNull();
    const guest = createCaller(await createContext({ headers: new Headers() }));
    await expectUnauthorized(guest.auth.refresh({ refresh: first.refresh }));
    await expectUnauthorized(guest.auth.refresh({ refresh: second.refresh }));
  });

  it("with all: true needs a valid bearer token; a refresh token alone still ends only its own sign-in", async () => {
    const user = await registeredUser("logout-one");
    const guest = createCaller(await createContext({ headers: new Headers() }));
    await expectUnauthorized(guest.auth.logout({ all: true }));
    const first = await apiSignIn(user.email, user.password);
    const second = await apiSignIn(user.email, user.password);

    await guest.auth.logout({ refresh: first.refresh });

    expect((await bearerContext(first.access)).userId).toBeNull();
    expect((await bearerContext(second.access)).userId).toBe(user.id);
    await expectUnauthorized(guest.auth.refresh({ refresh: first.refresh }));
  });
});

describe("session list", () => {
  it("lists the account's devices, marks this one, and revokes one at a time", async () => {
    const user = await registeredUser("list");
    const laptop = await webSignIn(user);
    const phone = await webSignIn(
      user,
      device("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"),
    );
    const caller = createCaller(await cookieContext(laptop.cookie));

    const sessions = await caller.auth.sessions();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ id: laptop.token.sid, kind: "web", browser: "Firefox", os: "Linux", country: "GB" });
    expect(sessions.find((session) => !session.current)).toMatchObject({ id: phone.token.sid, browser: "Chrome", os: "Android" });

    await caller.auth.revokeSession({ id: phone.token.sid! });
    expect((await cookieContext(phone.cookie)).userId).toBeNull();
    expect((await cookieContext(laptop.cookie)).userId).toBe(user.id);
    expect((await caller.auth.sessions()).map((session) => session.id)).toEqual([laptop.token.sid]);
  });

  it("answers 'not found' for another account's session and changes nothing", async () => {
    const owner = await registeredUser("owner");
    const stranger = await registeredUser("stranger");
    const owned = await webSignIn(owner);
    const strangerCaller = createCaller(await cookieContext((await webSignIn(stranger)).cookie));

    await expect(strangerCaller.auth.revokeSession({ id: owned.token.sid! })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(strangerCaller.auth.revokeSession({ id: "no-such-session" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await cookieContext(owned.cookie)).userId).toBe(owner.id);
  });

  it("signs out of all other sessions and keeps this one", async () => {
    const user = await registeredUser("others");
    const here = await webSignIn(user);
    const there = await webSignIn(user);
    const api = await apiSignIn(user.email, user.password);

    await createCaller(await cookieContext(here.cookie)).auth.revokeOtherSessions();

    expect((await cookieContext(here.cookie)).userId).toBe(user.id);
    expect((await cookieContext(there.cookie)).userId).toBeNull();
    expect((await bearerContext(api.access)).userId).toBeNull();
  });
});

describe("a deleted account's still-signed access token", () => {
  it("gets 401, not 500, from update-slug, create profile, complete-onboarding and PATCH /profiles/me/", async () => {
    const user = await registeredUser("gone");
    const { access } = await apiSignIn(user.email, user.password);
    await createCaller(await bearerContext(access)).auth.deleteAccount();

    const rest = (method: string, path: string, body?: unknown) =>
      handleRestRequest(
        new Request(`http://localhost/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const answers = await Promise.all([
      rest("POST", "/profiles/update-slug/", { slug: "gone-user" }),
      rest("POST", "/profiles/profiles/", { display_name: "Gone", slug: "gone-again" }),
      rest("POST", "/profiles/complete-onboarding/"),
      rest("PATCH", "/profiles/me/", { first_name: "Gone" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(await answers[0]!.json()).toEqual({ detail: "Access token is invalid or expired.", code: "invalid_token" });
    expect(await db().profile.count({ where: { slug: { in: ["gone-user", "gone-again"] } } })).toBe(0);
  });
});
