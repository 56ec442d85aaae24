import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { apiToken, rest, restAccount } from "./rest-client";

/** Idempotency-Key on the REST calls that create links or profiles. */

const link = { title: "Retry me", url: "example.com" };

async function linkCount(userId: string): Promise<number> {
  return db().link.count({ where: { profile: { user_id: userId } } });
}

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer (same status, same id) and creates nothing more", async () => {
    const { access, id: userId } = await restAccount("idem");
    const headers = { "idempotency-key": "order-1" };
    const first = await rest("POST", "/links/", { token: access, body: link, headers });
    expect(first.status).toBe(201);
    const again = await rest("POST", "/links/", { token: access, body: link, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await linkCount(userId)).toBe(1);
    // Without a key, or with another, each call creates.
    await rest("POST", "/links/", { token: access, body: link });
    await rest("POST", "/links/", { token: access, body: link, headers: { "idempotency-key": "order-2" } });
    expect(await linkCount(userId)).toBe(3);
  });

  it("creates one row when duplicates arrive at once, and every duplicate gets the first answer", async () => {
    const { access, id: userId } = await restAccount("concurrent");
    const headers = { "idempotency-key": "burst" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => rest("POST", "/links/", { token: access, body: link, headers })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await linkCount(userId)).toBe(1);

    const profiles = await Promise.all(
      Array.from({ length: 5 }, () =>
        rest("POST", "/profiles/profiles/", {
          token: access,
          body: { slug: `second_${userId.slice(-8)}`, display_name: "Second" },
          headers: { "idempotency-key": "p" },
        }),
      ),
    );
    expect(new Set(profiles.map((answer) => `${answer.status} ${answer.body.id}`)).size).toBe(1);
    expect(profiles[0]!.status, JSON.stringify(profiles[0]!.body)).toBe(201);
    expect(await db().profile.count({ where: { user_id: userId } })).toBe(2);
  });

  it("refuses the same key with a different body or call with 422 idempotency_key_reused", async () => {
    const { access, id: userId } = await restAccount("reused");
    const headers = { "idempotency-key": "k" };
    expect((await rest("POST", "/links/", { token: access, body: link, headers })).status).toBe(201);
    const changed = await rest("POST", "/links/", { token: access, body: { ...link, title: "Other" }, headers });
    expect(changed.status).toBe(422);
    expect(changed.body.code).toBe("idempotency_key_reused");
    const { id } = (await rest("GET", "/links/", { token: access })).body.results[0];
    const otherCall = await rest("POST", `/links/${id}/duplicate/`, { token: access, body: {}, headers });
    expect(otherCall.status).toBe(422);
    expect(await linkCount(userId)).toBe(1);
  });

  it("keeps keys per account, and for API tokens of the account alike", async () => {
    const one = await restAccount("one");
    const two = await restAccount("two");
    const headers = { "idempotency-key": "shared" };
    const first = await rest("POST", "/links/", { token: one.access, body: link, headers });
    const second = await rest("POST", "/links/", { token: two.access, body: link, headers });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    const { token } = await apiToken(one.access, ["links:write"]);
    const viaToken = await rest("POST", "/links/", { token, body: link, headers });
    expect(viaToken.body.id).toBe(first.body.id);
    expect(await linkCount(one.id)).toBe(1);
  });

  it("forgets a key after 24 hours", async () => {
    const { access, id: userId } = await restAccount("expiry");
    const headers = { "idempotency-key": "old" };
    await rest("POST", "/links/", { token: access, body: link, headers });
    await db().idempotencyKey.updateMany({ where: { user_id: userId }, data: { created_at: new Date(Date.now() - 25 * 3_600_000) } });
    expect((await rest("POST", "/links/", { token: access, body: link, headers })).headers.get("idempotent-replayed")).toBeNull();
    expect(await linkCount(userId)).toBe(2);
  });

  it("takes over a key whose request died without an answer", async () => {
    const { access, id: userId } = await restAccount("abandoned");
    const headers = { "idempotency-key": "crashed" };
    await rest("POST", "/links/", { token: access, body: link, headers });
    await db().idempotencyKey.updateMany({
      where: { user_id: userId },
      data: { status: null, response: undefined, created_at: new Date(Date.now() - 120_000) },
    });
    const answer = await rest("POST", "/links/", { token: access, body: link, headers });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays a refusal too: a retry of a refused body is refused alike", async () => {
    const { access, id: userId } = await restAccount("refusal");
    const headers = { "idempotency-key": "bad" };
    const refused = await rest("POST", "/links/", { token: access, body: { title: "" }, headers });
    expect(refused.status).toBe(400);
    expect((await rest("POST", "/links/", { token: access, body: { title: "" }, headers })).headers.get("idempotent-replayed")).toBe(
      "true",
    );
    expect(await linkCount(userId)).toBe(0);
  });

  it("refuses malformed keys with 400 before any work", async () => {
    const { access, id: userId } = await restAccount("malformed");
    for (const key of ["", "x".repeat(256), "tab\there", "ünïcode"]) {
      const answer = await rest("POST", "/links/", { token: access, body: link, headers: { "idempotency-key": key } });
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
    }
    expect(await linkCount(userId)).toBe(0);
    expect(await db().idempotencyKey.count({ where: { user_id: userId } })).toBe(0);
  });
});
