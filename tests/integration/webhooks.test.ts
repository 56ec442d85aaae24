import { spawn } from "node:child_process";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WEBHOOKS } from "@/lib/schemas/webhook";
import { createDatabase, db } from "@/server/db/client";
import { endCredentialsIn } from "@/server/services/auth/credential-events";
import { recordClick, type VisitContext } from "@/server/services/analytics/ingest";
import { confirmSubscription } from "@/server/services/audience/confirm";
import { CONFIRM_PATH } from "@/server/services/audience/links";
import { signUp } from "@/server/services/audience/subscribe";
import { deliverDueWebhooks, GIVE_UP_AFTER_MS, sendThroughSafeFetch } from "@/server/services/webhooks/delivery";
import { callerFor } from "./helpers";
import { tokenFromLatest } from "./mail-capture";
import { apiToken, rest, restAccount } from "./rest-client";
import { startReceiver, type WebhookReceiver } from "./webhook-receiver";

const ROOT = path.resolve(import.meta.dirname, "../..");
let receiver: WebhookReceiver;
let other: WebhookReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
  other = await startReceiver();
  process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = `${receiver.hostPort},${other.hostPort}`;
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS;
  await receiver.close();
  await other.close();
});

/** Runs the worker step for these webhooks until nothing is due at `now`. */
async function drain(webhookIds: string[], now = new Date()): Promise<void> {
  while ((await deliverDueWebhooks(db(), { now, onlyWebhooks: webhookIds })).claimed > 0);
}

/** Verifies `Linkbio-Signature` as docs/api.md tells integrators to, with node:crypto alone. */
function signatureHolds(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const account = (label: string) => restAccount(label);

async function addWebhook(access: string, url: string, events: string[]) {
  const answer = await rest("POST", "/webhooks/", { token: access, body: { url, events } });
  if (answer.status !== 201) throw new Error(`Webhook creation answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; secret: string; url: string; events: string[]; created_at: string };
}

describe("webhooks over REST", () => {
  it("show the secret once, list without it, and delete", async () => {
    const { access, id: userId } = await account("hooks");
    const created = await rest("POST", "/webhooks/", {
      token: access,
      body: { url: receiver.url, events: ["link.created", "profile.updated"] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, events: ["link.created", "profile.updated"] });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const listed = await rest("GET", "/webhooks/", { token: access });
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([
      {
        id: created.body.id,
        url: receiver.url,
        events: ["link.created", "profile.updated"],
        created_at: created.body.created_at,
        status: "active",
        disabled_at: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    // The web app's tRPC calls answer the same webhook.
    const { webhooks } = await callerFor(userId).webhook.list();
    expect(webhooks.map((webhook) => [webhook.id, webhook.status, webhook.created_at.toISOString()])).toEqual([
      [created.body.id, "active", created.body.created_at],
    ]);
    expect((await rest("DELETE", `/webhooks/${created.body.id}/`, { token: access })).status).toBe(204);
    expect((await rest("GET", "/webhooks/", { token: access })).body.webhooks).toEqual([]);
    expect(await db().webhook.count({ where: { user_id: userId } })).toBe(0);
  });

  it("take an API token with webhooks:write, without a fresh proof", async () => {
    const { access } = await account("hooktok");
    const { token } = await apiToken(access, ["webhooks:write"]);
    const created = await rest("POST", "/webhooks/", { token, body: { url: receiver.url, events: ["link.deleted"] } });
    expect(created.status).toBe(201);
    expect((await rest("GET", "/webhooks/", { token })).body.webhooks).toHaveLength(1);
    const { token: linksOnly } = await apiToken(access, ["links:write"]);
    const refused = await rest("POST", "/webhooks/", { token: linksOnly, body: { url: receiver.url, events: ["link.deleted"] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
  });

  it("refuse hostile input with a clear 4xx and store nothing", async () => {
    const { access, id: userId } = await account("hostile");
    const bodies: [unknown, string][] = [
      [{}, "url"],
      [{ url: "not a url", events: ["link.created"] }, "url"],
      [{ url: "ftp://example.com/x", events: ["link.created"] }, "url"],
      [{ url: "https://user:pw@example.com/x", events: ["link.created"] }, "url"],
      [{ url: receiver.url, events: [] }, "events"],
      [{ url: receiver.url, events: ["link.exploded"] }, "events.0"],
      [{ url: receiver.url, events: ["ping"] }, "events.0"],
      [{ url: receiver.url, events: ["link.created", "link.created"] }, "events"],
      [{ url: receiver.url, events: "link.created" }, "events"],
      [{ url: `${receiver.url}?${"x".repeat(2100)}`, events: ["link.created"] }, "url"],
      [{ url: receiver.url, events: ["link.created"], secret: "mine" }, "detail"],
    ];
    for (const [body, field] of bodies) {
      const answer = await rest("POST", "/webhooks/", { token: access, body });
      expect(answer.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
      if (field !== "detail") expect(Object.keys(answer.body), JSON.stringify(body).slice(0, 100)).toContain(field);
    }
    const huge = await rest("POST", "/webhooks/", {
      token: access,
      body: { url: receiver.url, events: ["link.created"], pad: "x".repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("payload_too_large");
    for (const id of ["not-an-id", "x".repeat(300)]) {
      expect((await rest("DELETE", `/webhooks/${id}/`, { token: access })).status).toBe(400);
      expect((await rest("GET", `/webhooks/${id}/deliveries/`, { token: access })).status).toBe(400);
    }
    expect(await db().webhook.count({ where: { user_id: userId } })).toBe(0);
  });

  it("answer 404 for another account's webhook, and leave it alone", async () => {
    const owner = await account("owner");
    const stranger = await account("stranger");
    const hook = await addWebhook(owner.access, receiver.url, ["link.created"]);
    for (const [method, suffix] of [
      ["DELETE", ""],
      ["GET", "deliveries/"],
      ["POST", "test/"],
    ] as const) {
      const answer = await rest(method, `/webhooks/${hook.id}/${suffix}`, {
        token: stranger.access,
        body: method === "POST" ? {} : undefined,
      });
      expect(answer.status, `${method} ${suffix}`).toBe(404);
      expect(answer.body.code).toBe("not_found");
    }
    expect(await db().webhook.count({ where: { id: hook.id } })).toBe(1);
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);
  });

  it(`refuse the ${MAX_WEBHOOKS + 1}th webhook of an account`, async () => {
    const { access, id: userId } = await account("cap");
    await db().webhook.createMany({
      data: Array.from({ length: MAX_WEBHOOKS }, () => ({
        user_id: userId,
        url: receiver.url,
        events: ["link.created"],
        secret: "whsec_x",
      })),
    });
    const answer = await rest("POST", "/webhooks/", { token: access, body: { url: receiver.url, events: ["link.created"] } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(`at most ${MAX_WEBHOOKS} webhooks`);
  });
});

describe("webhook URLs (SSRF)", () => {
  it("are refused at creation unless https on a public address", async () => {
    const { access } = await account("ssrf");
    const refused = [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://10.0.0.8/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[::ffff:a9fe:a9fe]/hook",
      "https://[fe80::1]/hook",
      "https://[fd00::1]/hook",
      "https://0.0.0.0/hook",
      `https://localhost:${receiver.hostPort.split(":")[1]}/hook`,
      `http://localhost:${receiver.hostPort.split(":")[1]}/hook`,
    ];
    for (const url of refused) {
      const answer = await rest("POST", "/webhooks/", { token: access, body: { url, events: ["link.created"] } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.url, url).toBeDefined();
    }
  });

  it("are checked again on every delivery: a private address or a name resolving to one is never called", async () => {
    const { id: userId } = await account("ssrf-late");
    const port = receiver.hostPort.split(":")[1];
    const before = receiver.received.length;
    // As if the address had been public when it was added (or DNS changed since).
    const hooks = await Promise.all(
      [`https://localhost:${port}/hook`, `http://localhost:${port}/hook`, `http://127.0.0.2:${port}/hook`].map((url) =>
        db().webhook.create({ data: { user_id: userId, url, events: ["profile.updated"], secret: "whsec_test" } }),
      ),
    );
    for (const hook of hooks) {
      await db().webhookDelivery.create({
        data: { id: randomUUID(), webhook_id: hook.id, event_id: "evt_ssrf", type: "ping", body: "{}" },
      });
    }
    await drain(hooks.map((hook) => hook.id));
    expect(receiver.received.length).toBe(before);
    const attempts = await db().webhookAttempt.findMany({ where: { webhook_id: { in: hooks.map((hook) => hook.id) } } });
    expect(attempts.map((attempt) => [attempt.status, attempt.response_status])).toEqual(hooks.map(() => ["retrying", null]));
  });

  it("never follow a redirect", async () => {
    const { access } = await account("redirect");
    const hook = await addWebhook(access, receiver.url, ["link.created"]);
    const otherBefore = other.received.length;
    receiver.answers.push({ redirect: other.url });
    expect((await rest("POST", `/webhooks/${hook.id}/test/`, { token: access, body: {} })).status).toBe(202);
    await drain([hook.id]);
    expect(other.received.length).toBe(otherBefore);
    const [attempt] = (await rest("GET", `/webhooks/${hook.id}/deliveries/`, { token: access })).body.deliveries;
    expect(attempt).toMatchObject({ type: "ping", status: "retrying", attempt: 1 });
    // The sender alone refuses too, whatever the caller asks of it.
    expect(await sendThroughSafeFetch({ url: "https://169.254.169.254/latest/meta-data/", headers: {}, body: "{}" })).toEqual({
      ok: false,
      status: null,
    });
  });
});

describe("deliveries", () => {
  it("are signed, carry the REST shape of the link, and keep their event id", async () => {
    const { access } = await account("signed");
    const hook = await addWebhook(access, receiver.url, ["link.created", "link.updated", "link.deleted"]);
    const before = receiver.received.length;
    const link = await rest("POST", "/links/", { token: access, body: { title: "Shop", url: "shop.example.com" } });
    expect(link.status).toBe(201);
    await drain([hook.id]);
    const [delivery] = receiver.received.slice(before);
    expect(delivery).toBeDefined();
    const body = JSON.parse(delivery!.body) as { id: string; type: string; created_at: string; data: unknown };
    expect(body.type).toBe("link.created");
    expect(body.data).toEqual((await rest("GET", `/links/${link.body.id}/`, { token: access })).body);
    expect(delivery!.headers["linkbio-event-id"]).toBe(body.id);
    expect(delivery!.headers["content-type"]).toBe("application/json");
    const signature = String(delivery!.headers["linkbio-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signatureHolds(hook.secret, signature, delivery!.body)).toBe(true);
    expect(signatureHolds(hook.secret, signature, delivery!.body.replace("Shop", "Shoq"))).toBe(false);
    expect(signatureHolds("whsec_other", signature, delivery!.body)).toBe(false);

    await rest("PATCH", `/links/${link.body.id}/`, { token: access, body: { title: "Shop 2" } });
    await rest("DELETE", `/links/${link.body.id}/`, { token: access });
    await drain([hook.id]);
    const types = receiver.received.slice(before).map((item) => JSON.parse(item.body) as { type: string; data: { title: string } });
    expect(types.map((item) => [item.type, item.data.title])).toEqual([
      ["link.created", "Shop"],
      ["link.updated", "Shop 2"],
      ["link.deleted", "Shop 2"],
    ]);
  });

  it("only for subscribed events, and profile.updated carries the profile as REST shows it", async () => {
    const { access } = await account("profile");
    const hook = await addWebhook(access, receiver.url, ["profile.updated"]);
    await rest("POST", "/links/", { token: access, body: { title: "Not subscribed", url: "example.com" } });
    const updated = await rest("PATCH", "/profiles/me/", { token: access, body: { bio: "Hello hooks" } });
    expect(updated.status).toBe(200);
    const queued = await db().webhookDelivery.findMany({ where: { webhook_id: hook.id } });
    expect(queued.map((row) => row.type)).toEqual(["profile.updated"]);
    const before = receiver.received.length;
    await drain([hook.id]);
    const [delivery] = receiver.received.slice(before);
    expect(JSON.parse(delivery!.body).data).toEqual(updated.body.profile);
  });

  it("report a subscriber once, when the sign-up is confirmed", async () => {
    const { access } = await account("audience");
    const hook = await addWebhook(access, receiver.url, ["subscriber.created"]);
    await rest("POST", "/links/", { token: access, body: { title: "Newsletter", link_type: "signup", is_active: true } });
    const me = await rest("GET", "/profiles/me/", { token: access });
    const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
    const visit = { ip: null, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", referrer: null, page: null, headers: {} };
    await signUp(db(), { slug: me.body.profile.slug, email }, visit);
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);
    const token = await tokenFromLatest(email, CONFIRM_PATH);
    expect((await confirmSubscription(db(), token)).state).toBe("subscribed");
    expect((await confirmSubscription(db(), token)).state).toBe("subscribed");
    const queued = await db().webhookDelivery.findMany({ where: { webhook_id: hook.id } });
    expect(queued.map((row) => row.type)).toEqual(["subscriber.created"]);
    const before = receiver.received.length;
    await drain([hook.id]);
    const [delivery] = receiver.received.slice(before);
    expect(JSON.parse(delivery!.body).data).toMatchObject({ email, status: "subscribed" });
  });

  it("for each link an import adds, in the import's transaction", async () => {
    const { access, caller } = await account("imported");
    const hook = await addWebhook(access, receiver.url, ["link.created"]);
    await caller.import.confirm({
      source: "csv",
      content: "title,url\nFirst,https://a.example.com\nSecond,https://b.example.com",
      target: "current",
    });
    const queued = await db().webhookDelivery.findMany({ where: { webhook_id: hook.id }, orderBy: { created_at: "asc" } });
    expect(queued.map((row) => (JSON.parse(row.body) as { data: { title: string } }).data.title).sort()).toEqual(["First", "Second"]);
  });

  it("are retried with back-off after failures, with the same event id, until one succeeds", async () => {
    const { access } = await account("retry");
    const hook = await addWebhook(access, receiver.url, ["link.created"]);
    await rest("POST", "/links/", { token: access, body: { title: "Retried", url: "example.com" } });
    const before = receiver.received.length;
    receiver.answers.push(500, 503);
    const start = new Date();
    await drain([hook.id], start);
    const first = await db().webhookDelivery.findFirstOrThrow({ where: { webhook_id: hook.id } });
    expect(first.next_attempt_at.getTime() - start.getTime()).toBeLessThanOrEqual(10_000);
    // Not due yet: nothing is sent before its back-off.
    await drain([hook.id], new Date(first.next_attempt_at.getTime() - 1));
    expect(receiver.received.length - before).toBe(1);
    await drain([hook.id], first.next_attempt_at);
    const second = await db().webhookDelivery.findFirstOrThrow({ where: { webhook_id: hook.id } });
    expect(second.next_attempt_at.getTime() - first.next_attempt_at.getTime()).toBe(
      2 * (first.next_attempt_at.getTime() - start.getTime()),
    );
    await drain([hook.id], second.next_attempt_at);
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((item) => item.headers["linkbio-event-id"])).size).toBe(1);
    expect(new Set(sent.map((item) => item.body)).size).toBe(1);
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);
    const { deliveries } = (await rest("GET", `/webhooks/${hook.id}/deliveries/`, { token: access })).body;
    expect(
      deliveries.map((item: { status: string; response_status: number; attempt: number }) => [
        item.attempt,
        item.status,
        item.response_status,
      ]),
    ).toEqual([
      [3, "succeeded", 200],
      [2, "retrying", 503],
      [1, "retrying", 500],
    ]);
    expect(deliveries[0].event_id).toBe(sent[0]!.headers["linkbio-event-id"]);
  });

  it("give up after 24 hours of failures and disable the webhook, which then gets nothing more", async () => {
    const { access } = await account("disable");
    const hook = await addWebhook(access, receiver.url, ["link.created"]);
    await rest("POST", "/links/", { token: access, body: { title: "Never taken", url: "example.com" } });
    const queued = await db().webhookDelivery.findFirstOrThrow({ where: { webhook_id: hook.id } });
    let now = queued.created_at;
    let attempts = 0;
    receiver.answers.push(...Array.from({ length: 40 }, () => 500));
    while ((await db().webhookDelivery.count({ where: { webhook_id: hook.id } })) > 0 && attempts < 40) {
      await drain([hook.id], now);
      attempts += 1;
      const row = await db().webhookDelivery.findFirst({ where: { webhook_id: hook.id } });
      if (row) now = row.next_attempt_at;
    }
    receiver.answers.length = 0;
    expect(now.getTime() - queued.created_at.getTime()).toBe(GIVE_UP_AFTER_MS);
    const [listed] = (await rest("GET", "/webhooks/", { token: access })).body.webhooks;
    expect(listed).toMatchObject({ id: hook.id, status: "disabled" });
    const [last] = (await rest("GET", `/webhooks/${hook.id}/deliveries/`, { token: access })).body.deliveries;
    expect(last).toMatchObject({ status: "failed", next_attempt_at: null });
    await rest("POST", "/links/", { token: access, body: { title: "After", url: "example.com" } });
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);
    expect((await rest("POST", `/webhooks/${hook.id}/test/`, { token: access, body: {} })).status).toBe(400);
  });

  it("send a test ping that is listed among the deliveries", async () => {
    const { access } = await account("ping");
    const hook = await addWebhook(access, receiver.url, ["link.created"]);
    const answer = await rest("POST", `/webhooks/${hook.id}/test/`, { token: access, body: {} });
    expect(answer.status).toBe(202);
    const before = receiver.received.length;
    await drain([hook.id]);
    const [ping] = receiver.received.slice(before);
    expect(JSON.parse(ping!.body)).toMatchObject({ id: answer.body.event_id, type: "ping", data: { webhook_id: hook.id } });
    const { deliveries } = (await rest("GET", `/webhooks/${hook.id}/deliveries/`, { token: access })).body;
    expect(deliveries).toEqual([
      {
        id: expect.any(String),
        event_id: answer.body.event_id,
        type: "ping",
        status: "succeeded",
        response_status: 200,
        attempt: 1,
        created_at: expect.any(String),
        next_attempt_at: null,
      },
    ]);
  });

  it("report counted clicks only, and none without a subscribed webhook", async () => {
    const { access, caller } = await account("clicks");
    const link = await caller.link.create({ title: "Clicked", url: "example.com" });
    const visit = (ip: string): VisitContext => ({
      ip,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      referrer: "https://news.example.org/post",
      headers: {},
      now: new Date(),
    });
    expect((await recordClick(link.id, visit("8.8.8.8"))).recorded).toBe(true);
    // Adding the webhook lets this instance's cached "nobody subscribed" go at once.
    const hook = await addWebhook(access, receiver.url, ["link.clicked"]);
    expect((await recordClick(link.id, visit("8.8.4.4"))).recorded).toBe(true);
    // A repeat from the same address within the hour does not count, so it is no event either.
    expect((await recordClick(link.id, visit("8.8.4.4"))).recorded).toBe(false);
    const before = receiver.received.length;
    await drain([hook.id]);
    const clicks = receiver.received.slice(before).map((item) => JSON.parse(item.body) as { type: string; data: unknown });
    const me = (await rest("GET", "/profiles/me/", { token: access })).body;
    expect(clicks).toEqual([
      expect.objectContaining({
        type: "link.clicked",
        data: {
          link_id: link.id,
          profile_slug: me.profile.slug,
          country: expect.any(String),
          device: "desktop",
          referrer: "news.example.org",
        },
      }),
    ]);
  });

  it("go with the account, and a takeover ends them", async () => {
    const deleted = await account("gone");
    const hook = await addWebhook(deleted.access, receiver.url, ["link.created"]);
    await rest("POST", "/links/", { token: deleted.access, body: { title: "Queued", url: "example.com" } });
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(1);
    expect((await rest("DELETE", "/auth/user/", { token: deleted.access })).status).toBe(204);
    expect(await db().webhook.count({ where: { id: hook.id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);

    const taken = await account("taken");
    const side = await addWebhook(taken.access, receiver.url, ["link.created"]);
    await db().$transaction((tx) => endCredentialsIn(tx, taken.id, "takeover"));
    expect(await db().webhook.count({ where: { id: side.id } })).toBe(0);
  });
});

describe("delivery after kill -9", () => {
  it("the instance that accepted the change dies mid-delivery; another delivers it once the lease ends", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-kill-"));
    receiver.answers.push("hang");
    const before = receiver.received.length;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/programs/webhook-instance.ts", folder, receiver.url], {
      cwd: ROOT,
      env: { ...process.env, WEBHOOK_ALLOWED_PRIVATE_HOSTS: receiver.hostPort, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      // Starting (tsx, a fresh embedded database and its migrations) takes long on a busy machine.
      await expect.poll(() => output, { timeout: 240_000, interval: 100 }).toContain("accepted");
      // The instance has claimed the delivery and is waiting on the receiver: kill it there.
      await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 50 }).toBe(before + 1);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      const [, webhookId, secret] = output.trim().split(" ") as [string, string, string];

      const next = createDatabase({ pglitePath: path.join(folder, "pglite") });
      try {
        const pending = await next.prisma.webhookDelivery.findFirstOrThrow({ where: { webhook_id: webhookId } });
        expect(pending.locked_until).not.toBeNull();
        // Still leased by the dead instance: not taken before the lease ends, then taken and delivered.
        expect((await deliverDueWebhooks(next.prisma, { now: new Date(pending.locked_until!.getTime() - 1) })).claimed).toBe(0);
        expect(await deliverDueWebhooks(next.prisma, { now: pending.locked_until! })).toEqual({ claimed: 1, delivered: 1 });
        const [crashed, delivered] = receiver.received.slice(before);
        expect(delivered!.headers["linkbio-event-id"]).toBe(crashed!.headers["linkbio-event-id"]);
        expect(delivered!.body).toBe(crashed!.body);
        expect(JSON.parse(delivered!.body)).toMatchObject({ type: "link.created", data: { title: "Accepted before the crash" } });
        expect(signatureHolds(secret, String(delivered!.headers["linkbio-signature"]), delivered!.body)).toBe(true);
        expect(await next.prisma.webhookDelivery.count()).toBe(0);
      } finally {
        await next.close();
      }
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 360_000);
});
