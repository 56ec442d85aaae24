import { decodeJwt } from "jose";
import { describe, expect, inject, it } from "vitest";
import { signAccessToken } from "@/server/services/auth/tokens";
import { account, call, http, PASSWORD, type Answer } from "./support";

/** Token refresh: any 401 triggers one silent refresh and a retry (docs/product/api.md#client-behaviour). */

// Tokens are minted by the server's own signer with the server's secret, an hour in the past,
// for the live session of the account's own access token.
async function expiredAccessToken(account: { userId: string; access: string }): Promise<string> {
  process.env.AUTH_SECRET = inject("authSecret");
  const sessionId = String(decodeJwt(account.access).sid);
  return signAccessToken(account.userId, sessionId, new Date(Date.now() - 60 * 60_000));
}

/** A REST client: on 401, refresh once and retry; if the refresh fails, sign out. */
async function withRefresh(session: { access: string; refresh: string }, request: (token: string) => Promise<Answer>) {
  const first = await request(session.access);
  if (first.status !== 401) return { answer: first, refreshed: false };
  const refreshed = await call("auth.refresh", { body: { refresh: session.refresh } });
  if (refreshed.status !== 200) return { answer: first, refreshed: false, signedOut: true };
  session.access = refreshed.body.access;
  session.refresh = refreshed.body.refresh;
  return { answer: await request(session.access), refreshed: true };
}

describe("refresh and retry", () => {
  it("answers 401 with WWW-Authenticate for a missing, forged or expired access token", async () => {
    const me = await account("expiry");
    const missing = await call("link.list");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe("Bearer");
    expect(missing.body).toEqual({ detail: "Authentication credentials were not provided.", code: "not_authenticated" });

    const expired = await call("link.list", { token: await expiredAccessToken(me) });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(expired.body).toEqual({ detail: "Access token is invalid or expired.", code: "invalid_token" });

    const forged = await call("auth.user", { token: `${me.access.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
  });

  it("refreshes once and retries, then works with the new pair", async () => {
    const me = await account("retry");
    const session = { access: await expiredAccessToken(me), refresh: me.refresh };
    const { answer, refreshed } = await withRefresh(session, (token) => call("profile.me", { token }));
    expect(refreshed).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(me.userId);
    expect(session.refresh).not.toBe(me.refresh);
    // The rotated refresh token works once more; the old one revokes the whole family.
    expect((await call("auth.refresh", { body: { refresh: me.refresh } })).status).toBe(401);
    expect((await call("auth.refresh", { body: { refresh: session.refresh } })).status).toBe(401);
  });

  it("signs out when the refresh fails too", async () => {
    const me = await account("signout");
    await call("auth.logout", { body: { refresh: me.refresh } });
    const session = { access: await expiredAccessToken(me), refresh: me.refresh };
    const result = await withRefresh(session, (token) => call("link.list", { token }));
    expect(result).toMatchObject({ refreshed: false, signedOut: true });
    expect(result.answer.status).toBe(401);
  });

  it("is Bearer-only: a web session cookie does not stand in for an invalid token", async () => {
    const me = await account("cookie");
    const answer = await http("GET", "/profiles/me/", {
      token: await expiredAccessToken(me),
      headers: { cookie: "next-auth.session-token=whatever" },
    });
    expect(answer.status).toBe(401);
    expect((await http("GET", "/profiles/me/", { headers: { cookie: "next-auth.session-token=whatever" } })).status).toBe(401);
  });

  it("ignores a stale token on calls that need none", async () => {
    const me = await account("stale");
    const stale = await expiredAccessToken(me);
    expect((await call("auth.refresh", { token: stale, body: { refresh: me.refresh } })).status).toBe(200);
    expect((await call("profile.public", { token: stale, params: { slug: me.slug } })).status).toBe(200);
  });
});

describe("log-out everywhere", () => {
  it("ends every access and refresh token of the account at once with {all: true} and the bearer token", async () => {
    const me = await account("logout-all", { onboard: false });
    const other = await call("auth.login", { body: { email: me.email, password: PASSWORD } });
    expect(other.status).toBe(200);
    expect((await call("auth.logout", { body: { all: true } })).status).toBe(401);

    expect((await call("auth.logout", { token: me.access, body: { all: true } })).status).toBe(200);

    for (const access of [me.access, other.body.access]) expect((await call("auth.user", { token: access })).status).toBe(401);
    for (const refresh of [me.refresh, other.body.refresh]) expect((await call("auth.refresh", { body: { refresh } })).status).toBe(401);
    expect((await call("auth.logout", { body: { all: "yes" } })).status).toBe(400);
  });

  it("ends a sign-in's access token at once when its refresh token logs out", async () => {
    const me = await account("logout-one", { onboard: false });
    expect((await call("auth.logout", { body: { refresh: me.refresh } })).status).toBe(200);
    expect((await call("auth.user", { token: me.access })).status).toBe(401);
  });
});
