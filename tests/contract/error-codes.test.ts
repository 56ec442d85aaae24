import { describe, expect, it } from "vitest";
import { account, call, createLink, http, openApi, PASSWORD, type Answer } from "./support";

/**
 * Every error code the published document lists is answered by the running server: each is
 * provoked over HTTP through a documented call, whose answer `call()` checks against the document
 * (so the code is also one that call lists for that status).
 */

/** Codes no outside request can provoke on a healthy server, and where they are proven instead. */
const PROVEN_ELSEWHERE: Record<string, string> = {
  internal_error: "an unexpected error: src/server/rest/rest.test.ts (errorAnswer leaves it to the handler's 500)",
  service_unavailable: "the database away: tests/integration/database-unavailable.test.ts",
  reauthentication_required: "an access token from a log-in older than the sudo window: tests/integration/sudo-mode.test.ts",
};

type ErrorResponse = { content?: { "application/json"?: { schema?: { properties?: { code?: { enum?: string[] } } } } } };

async function documentedCodes(): Promise<Set<string>> {
  const document = (await openApi()) as unknown as { paths: Record<string, Record<string, { responses: Record<string, ErrorResponse> }>> };
  const codes = new Set<string>();
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      for (const response of Object.values(operation.responses)) {
        for (const code of response.content?.["application/json"]?.schema?.properties?.code?.enum ?? []) codes.add(code);
      }
    }
  }
  return codes;
}

describe("error codes", () => {
  it("every code the document lists appears in some answer", async () => {
    const seen = new Map<string, string>();
    const note = (what: string, answer: Answer) => {
      expect(answer.status, `${what}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(typeof answer.body.code, what).toBe("string");
      seen.set(answer.body.code as string, what);
    };

    const me = await account("codes");
    const other = await account("codes2");
    note("link without a title", await call("link.create", { token: me.access, body: { title: "" } }));
    note("a username already taken", await call("profile.updateSlug", { token: other.access, body: { slug: me.slug } }));
    note("a wrong password", await call("auth.login", { body: { email: me.email, password: `${PASSWORD}!` } }));
    note("no token", await call("link.list"));
    note("an unknown API token", await call("link.list", { token: "lb_not_a_token" }));
    const created = await call("apiToken.create", { token: me.access, body: { name: "contract", scopes: ["links:read"] } });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    note("a write with a read token", await call("link.create", { token, body: { title: "x", url: "example.com" } }));
    note("a token creating a token", await call("apiToken.create", { token, body: { name: "more", scopes: ["links:read"] } }));
    note("another account's link", await call("link.get", { token: me.access, params: { id: (await createLink(other.access)).id } }));
    note("a wrong method", await http("PUT", "/links/", { token: me.access }));
    note("a body over 1 MB", await call("link.create", { token: me.access, body: { title: "x".repeat(1024 * 1024) } }));
    const headers = { "idempotency-key": "contract-1" };
    expect((await call("link.create", { token: me.access, body: { title: "a", url: "example.com" }, headers })).status).toBe(201);
    note("a reused Idempotency-Key", await call("link.create", { token: me.access, body: { title: "b", url: "example.com" }, headers }));
    let limited: Answer | undefined;
    for (let attempt = 0; attempt < 40 && !limited; attempt++) {
      const answer = await call("link.list", { token });
      expect(answer.headers.get("ratelimit-limit")).toBe("30");
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
    note("an API token over its limit", limited!);

    const documented = await documentedCodes();
    const missing = [...documented].filter((code) => !seen.has(code) && !(code in PROVEN_ELSEWHERE));
    expect(missing, `documented but never answered: ${missing.join(", ")}`).toEqual([]);
    expect(
      [...seen.keys()].filter((code) => !documented.has(code)),
      "answered but not documented",
    ).toEqual([]);
  });

  it("revoking a token over HTTP refuses it on the next call", async () => {
    const me = await account("revoke");
    const created = await call("apiToken.create", {
      token: me.access,
      body: { name: "short-lived", scopes: ["profiles:read"], expires_in_days: 1 },
    });
    expect((await call("profile.me", { token: created.body.token as string })).status).toBe(200);
    const listed = await call("apiToken.list", { token: me.access });
    expect(listed.body.tokens).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
    expect((await call("apiToken.revoke", { token: me.access, params: { id: created.body.id as string } })).status).toBe(204);
    const refused = await call("profile.me", { token: created.body.token as string });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_token");
  });
});
