import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES, MAX_API_TOKENS, type ApiScope, type RequiredScope } from "@/lib/schemas/api-token";
import { db } from "@/server/db/client";
import { operations } from "@/server/rest/operations";
import { createApiToken } from "@/server/services/auth/api-tokens";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { apiToken, rest, restAccount } from "./rest-client";

/** What an API token needs for each REST call; null: no token may make it (the account's own calls). */
const SCOPE_TABLE: Record<string, RequiredScope | null> = {
  "auth.logout": null,
  "auth.user": "any",
  "auth.changePassword": null,
  "auth.deleteAccount": null,
  "auth.resendVerification": null,
  "auth.changeEmail": null,
  "auth.exportData": null,
  "apiToken.create": null,
  "apiToken.list": null,
  "apiToken.revoke": null,
  "twoFactor.setup": null,
  "twoFactor.enable": null,
  "twoFactor.disable": null,
  "twoFactor.regenerateRecoveryCodes": null,
  "profile.public": "profiles:read",
  "profile.me": "profiles:read",
  "profile.updateMe": "profiles:write",
  "profile.checkSlug": "profiles:read",
  "profile.updateSlug": "profiles:write",
  "profile.completeOnboarding": "profiles:write",
  "profile.list": "profiles:read",
  "profile.current": "profiles:read",
  "profile.get": "profiles:read",
  "profile.update": "profiles:write",
  "import.preview": "profiles:write",
  "import.confirm": "profiles:write",
  "profile.create": "profiles:write",
  "profile.switch": "profiles:write",
  "profile.delete": "profiles:write",
  "design.get": "profiles:read",
  "design.save": "profiles:write",
  "design.applyTemplate": "profiles:write",
  "design.reset": "profiles:write",
  "settings.get": "profiles:read",
  "settings.update": "profiles:write",
  "domain.mine": "profiles:read",
  "domain.connect": "profiles:write",
  "domain.verify": "profiles:write",
  "domain.remove": "profiles:write",
  "link.list": "links:read",
  "link.get": "links:read",
  "link.create": "links:write",
  "link.update": "links:write",
  "link.delete": "links:write",
  "link.toggle": "links:write",
  "link.duplicate": "links:write",
  "link.reorder": "links:write",
  "analytics.overview": "analytics:read",
  "analytics.links": "analytics:read",
  "analytics.timeline": "analytics:read",
  "analytics.devices": "analytics:read",
  "analytics.locations": "analytics:read",
  "analytics.referrers": "analytics:read",
  "analytics.browsers": "analytics:read",
  "analytics.os": "analytics:read",
  "analytics.utm": "analytics:read",
  "analytics.realtime": "analytics:read",
  "analytics.link": "analytics:read",
  "webhook.create": "webhooks:write",
  "webhook.list": "webhooks:read",
  "webhook.delete": "webhooks:write",
  "webhook.deliveries": "webhooks:read",
  "webhook.test": "webhooks:write",
  "audience.list": "audience:read",
  "audience.export": "audience:read",
  "audience.remove": "audience:write",
};

const UNKNOWN_ID = `c${"0".repeat(24)}`;
const concrete = (path: string) => path.replace("{id}", UNKNOWN_ID).replace("{slug}", "nobody_at_all");

/** Every scope that covers `required` (a `:write` covers its `:read`), and every one that does not. */
function split(required: RequiredScope | null): { covering: ApiScope[]; others: ApiScope[] } {
  const covers = (scope: ApiScope) =>
    required === "any" || scope === required || (required?.endsWith(":read") && scope === required.replace(":read", ":write"));
  return { covering: API_SCOPES.filter(covers), others: API_SCOPES.filter((scope) => !covers(scope)) };
}

describe("API token scopes on every REST call", () => {
  let access: string;
  const tokens = new Map<ApiScope, string>();

  beforeAll(async () => {
    ({ access } = await restAccount("scopes"));
    for (const scope of API_SCOPES) tokens.set(scope, (await apiToken(access, [scope])).token);
  });

  it("the table names every call that reads a token, as its meta declares", () => {
    const readsToken = Object.entries(operations).filter(([, op]) => !op.servedBy && op.auth !== "none");
    expect(Object.keys(SCOPE_TABLE).sort()).toEqual(readsToken.map(([id]) => id).sort());
    for (const [id, op] of readsToken) expect(op.scope ?? null, id).toBe(SCOPE_TABLE[id]);
  });

  for (const [id, required] of Object.entries(SCOPE_TABLE)) {
    it(`${id}: ${required ?? "no token"}`, async () => {
      const { method, path } = operations[id]!;
      const { covering, others } = split(required);
      for (const scope of others) {
        const answer = await rest(method, concrete(path), { token: tokens.get(scope)!, body: method === "GET" ? undefined : {} });
        expect(answer.status, `${scope} on ${id}`).toBe(403);
        expect(answer.body.code).toBe("insufficient_scope");
        expect(answer.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope"');
      }
      for (const scope of covering) {
        const answer = await rest(method, concrete(path), { token: tokens.get(scope)!, body: method === "GET" ? undefined : {} });
        expect([401, 403], `${scope} on ${id}: ${JSON.stringify(answer.body)}`).not.toContain(answer.status);
      }
    });
  }

  it("a token with several scopes reaches each of them", async () => {
    const { token } = await apiToken(access, ["links:read", "analytics:read"]);
    expect((await rest("GET", "/links/", { token })).status).toBe(200);
    expect((await rest("GET", "/analytics/overview/", { token })).status).toBe(200);
    expect((await rest("POST", "/links/", { token, body: { title: "x", url: "example.com" } })).status).toBe(403);
  });
});

describe("API tokens", () => {
  it("are shown once, stored as a hash, listed without their secret, and work on what they cover", async () => {
    const { access, id: userId } = await restAccount("create");
    const created = await rest("POST", "/auth/tokens/", {
      token: access,
      body: { name: "Zapier", scopes: ["links:write"], expires_in_days: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Zapier", scopes: ["links:write"] });
    expect(created.body.token).toMatch(/^lb_[A-Za-z0-9_-]{40,}$/);
    const days = (new Date(created.body.expires_at).getTime() - new Date(created.body.created_at).getTime()) / 86_400_000;
    expect(days).toBe(30);
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(JSON.stringify(row)).not.toContain(created.body.token);
    expect(row.user_id).toBe(userId);

    const listed = await rest("GET", "/auth/tokens/", { token: access });
    expect(listed.body.tokens).toEqual([
      {
        id: created.body.id,
        name: "Zapier",
        scopes: ["links:write"],
        created_at: created.body.created_at,
        last_used_at: null,
        expires_at: created.body.expires_at,
      },
    ]);
    const made = await rest("POST", "/links/", { token: created.body.token, body: { title: "Via token", url: "example.com" } });
    expect(made.status).toBe(201);
    expect((await rest("GET", "/links/", { token: created.body.token })).body.count).toBe(1);
  });

  it("refuses hostile creation bodies with 400 validation_error and creates nothing", async () => {
    const { access, id: userId } = await restAccount("hostile");
    const bodies = [
      {},
      { name: "", scopes: ["links:read"] },
      { name: "x".repeat(101), scopes: ["links:read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["admin"] },
      { name: "x", scopes: ["links:read", "links:read"] },
      { name: "x", scopes: "links:read" },
      { name: "x", scopes: ["links:read"], expires_in_days: 0 },
      { name: "x", scopes: ["links:read"], expires_in_days: 366 },
      { name: "x", scopes: ["links:read"], expires_in_days: 1.5 },
      { name: "x", scopes: ["links:read"], expires_in_days: "7" },
      { name: "x", scopes: ["links:read"], owner: "someone" },
    ];
    for (const body of bodies) {
      const answer = await rest("POST", "/auth/tokens/", { token: access, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
    }
    expect(await db().apiToken.count({ where: { user_id: userId } })).toBe(0);
    for (const id of ["not-an-id", "x".repeat(300), "c%00aaaaaaaaaaaaaaaaaaaaaaa"]) {
      const answer = await rest("DELETE", `/auth/tokens/${id}/`, { token: access });
      expect(answer.status, id).toBe(400);
      expect(answer.body.code).toBe("validation_error");
    }
  });

  it("cannot create tokens, change the password or email, touch two-factor or delete the account", async () => {
    const { access, id: userId } = await restAccount("account");
    const { token } = await apiToken(access, [...API_SCOPES]);
    const calls: [string, string, unknown][] = [
      ["POST", "/auth/tokens/", { name: "more", scopes: ["links:read"] }],
      ["POST", "/auth/password/change/", { current_password: "correct horse battery", new_password: "another horse battery" }],
      ["POST", "/auth/email/change/", { new_email: "new@example.com", password: "correct horse battery" }],
      ["POST", "/auth/2fa/setup/", {}],
      ["DELETE", "/auth/user/", undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await rest(method, path, { token, body });
      expect(answer.status, path).toBe(403);
      expect(answer.body.code).toBe("insufficient_scope");
    }
    expect(await db().user.count({ where: { id: userId } })).toBe(1);
    expect(await db().apiToken.count({ where: { user_id: userId } })).toBe(1);
  });

  it("answers 401 invalid_token for unknown, expired and revoked tokens", async () => {
    const { access, id: userId } = await restAccount("invalid");
    for (const token of ["lb_unknown", `lb_${"a".repeat(300)}`]) {
      const answer = await rest("GET", "/auth/user/", { token });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe("invalid_token");
      expect(answer.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    }
    const expired = await createApiToken(
      db(),
      userId,
      { name: "old", scopes: ["links:read"], expires_in_days: 1 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect((await rest("GET", "/links/", { token: expired.token })).body.code).toBe("invalid_token");
    expect((await rest("GET", "/auth/tokens/", { token: access })).body.tokens).toEqual([]);

    const { id, token } = await apiToken(access, ["links:read"]);
    expect((await rest("GET", "/links/", { token })).status).toBe(200);
    expect((await rest("DELETE", `/auth/tokens/${id}/`, { token: access })).status).toBe(204);
    const revoked = await rest("GET", "/links/", { token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe("invalid_token");
    expect((await rest("DELETE", `/auth/tokens/${id}/`, { token: access })).body.code).toBe("not_found");
  });

  it("stop at once on another instance when revoked: no instance keeps a copy", async () => {
    const { access } = await restAccount("instances");
    const { id, token } = await apiToken(access, ["links:read"]);
    expect((await rest("GET", "/links/", { token })).status).toBe(200);
    // Another instance revokes: only the database changes, nothing in this process is told.
    await db().apiToken.delete({ where: { id } });
    const answer = await rest("GET", "/links/", { token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("invalid_token");
  });

  it("cannot revoke another account's token", async () => {
    const owner = await restAccount("owner");
    const stranger = await restAccount("stranger");
    const { id, token } = await apiToken(owner.access, ["links:read"]);
    expect((await rest("DELETE", `/auth/tokens/${id}/`, { token: stranger.access })).status).toBe(404);
    expect((await rest("GET", "/links/", { token })).status).toBe(200);
  });

  it("write last_used_at once a minute at most, not once per call", async () => {
    const { access } = await restAccount("lastused");
    const { id, token } = await apiToken(access, ["links:read"]);
    await rest("GET", "/links/", { token });
    const first = (await db().apiToken.findUniqueOrThrow({ where: { id } })).last_used_at;
    expect(first).not.toBeNull();
    await rest("GET", "/links/", { token });
    expect((await db().apiToken.findUniqueOrThrow({ where: { id } })).last_used_at).toEqual(first);
    await db().apiToken.update({ where: { id }, data: { last_used_at: new Date(Date.now() - 61_000) } });
    await rest("GET", "/links/", { token });
    expect((await db().apiToken.findUniqueOrThrow({ where: { id } })).last_used_at!.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it(`refuse the ${MAX_API_TOKENS + 1}th live token, also when the last ones are asked for at once`, async () => {
    const { access, id: userId } = await restAccount("limit");
    for (let index = 0; index < MAX_API_TOKENS - 2; index++)
      await createApiToken(db(), userId, { name: `t${index}`, scopes: ["links:read"] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        rest("POST", "/auth/tokens/", { token: access, body: { name: `p${index}`, scopes: ["links:read"] } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(`An account can hold at most ${MAX_API_TOKENS} API tokens. Revoke one to create another.`);
    }
    expect(await db().apiToken.count({ where: { user_id: userId } })).toBe(MAX_API_TOKENS);
  });

  it("end when the password changes", async () => {
    const user = await restAccount("password");
    const { token } = await apiToken(user.access, ["links:read"]);
    await user.caller.auth.changePassword({ current_password: user.password, new_password: "another horse battery" });
    expect((await rest("GET", "/links/", { token })).status).toBe(401);
  });
});

describe("API token rate limits", () => {
  afterEach(async () => {
    delete process.env.RATE_LIMIT_API_TOKEN_PER_MINUTE;
    delete process.env.REDIS_URL;
    delete process.env.RATE_LIMIT_PREFIX;
    await closeSharedRedis();
    reloadRateLimits();
  });

  it("share one count between instances through Redis", async () => {
    const prefix = `h35-${randomUUID().slice(0, 8)}`;
    Object.assign(process.env, { RATE_LIMIT_API_TOKEN_PER_MINUTE: "2", REDIS_URL: "redis://127.0.0.1:6379", RATE_LIMIT_PREFIX: prefix });
    reloadRateLimits();
    const redis = sharedRedis()!;
    if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
    const { access } = await restAccount("redis");
    const { token } = await apiToken(access, ["links:read"]);
    expect((await rest("GET", "/links/", { token })).headers.get("ratelimit-remaining")).toBe("1");
    await closeSharedRedis();
    reloadRateLimits(); // another instance: its own connection and no memory of the first call
    const second = sharedRedis()!;
    if (second.status !== "ready") await new Promise((resolve) => second.once("ready", resolve));
    expect((await rest("GET", "/links/", { token })).headers.get("ratelimit-remaining")).toBe("0");
    expect((await rest("GET", "/links/", { token })).status).toBe(429);
    const cleanup = new Redis("redis://127.0.0.1:6379");
    const keys = await cleanup.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await cleanup.del(...keys);
    await cleanup.quit();
  });

  it("count per token, say so in RateLimit-* headers on every answer, and refuse past the limit with 429", async () => {
    process.env.RATE_LIMIT_API_TOKEN_PER_MINUTE = "3";
    reloadRateLimits();
    const { access } = await restAccount("ratelimit");
    const { token } = await apiToken(access, ["links:read"]);
    const other = await apiToken(access, ["links:read"]);
    const remaining: string[] = [];
    for (let call = 0; call < 3; call++) {
      // An error answer counts and carries the headers too.
      const answer = await rest("GET", call === 1 ? "/analytics/overview/" : "/links/", { token });
      expect(answer.headers.get("ratelimit-limit")).toBe("3");
      expect(Number(answer.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      remaining.push(answer.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await rest("GET", "/links/", { token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect((await rest("GET", "/links/", { token: other.token })).status).toBe(200);
    // A signed-in session's access token is not counted against any token.
    const session = await rest("GET", "/links/", { token: access });
    expect(session.status).toBe(200);
    expect(session.headers.get("ratelimit-limit")).toBeNull();
  });
});
