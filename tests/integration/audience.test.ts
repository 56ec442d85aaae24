import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { createCaller } from "@/server/api/root";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from "@/server/services/audience/links";
import { flushAnalytics, recordPageView } from "@/server/services/analytics/ingest";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { drainOutbox, queuedFor, startSmtpCapture, tokenFromLatest } from "./mail-capture";
import { startPublicServer, type PublicServer } from "./public-server";
import { registeredUser, uniqueEmail } from "./helpers";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
const HOUR = 60 * 60_000;

/** A fresh client address per call, so no test shares a limit counter with another. */
function address(): string {
  const n = randomUUID().replace(/-/g, "");
  return `2001:db8:${n.slice(0, 4)}:${n.slice(4, 8)}::1`;
}

function visitorCaller(ip = address(), userAgent = BROWSER) {
  return createCaller({ db: db(), sql: getDatabase().sql, userId: null, clientIp: ip, headers: new Headers({ "user-agent": userAgent }) });
}

async function creatorWithBlock(texts: { consent_text?: string | null; success_message?: string } = {}) {
  const user = await registeredUser("audience");
  const profile = await user.caller.profile.updateSlug({ slug: `a_${randomUUID().slice(0, 8)}` });
  await user.caller.profile.updateMe({ display_name: "Ada Lovelace" });
  const block = await user.caller.link.create({ title: "Join my newsletter", link_type: "signup", is_active: true, ...texts });
  return { ...user, profile, block };
}

const statusOf = (email: string) =>
  db().subscriber.findMany({ where: { email: email.toLowerCase() }, select: { status: true, profile_id: true } });

describe("The signup link type", () => {
  it("has no URL, keeps its texts, and a page holds only one", async () => {
    const { caller, block } = await creatorWithBlock({ success_message: "Welcome aboard" });
    expect(block).toMatchObject({ link_type: "signup", url: "", success_message: "Welcome aboard", consent_text: null });
    const second = caller.link.create({ title: "Another", link_type: "signup" });
    await expect(second).rejects.toThrow("A page can have only one email sign-up block");
    const regular = await caller.link.create({ title: "Site", url: "example.com" });
    await expect(caller.link.update({ id: regular.id, data: { link_type: "signup" } })).rejects.toThrow("only one");
    await expect(caller.link.duplicate({ id: block.id })).rejects.toThrow("only one");
    // Other types keep no sign-up texts.
    expect((await caller.link.update({ id: regular.id, data: { button_label: "Go" } })).button_label).toBeNull();
  });

  it("is created over REST with title, link_type and is_active only", async () => {
    const user = await registeredUser("audience-rest");
    await user.caller.profile.updateSlug({ slug: `r_${randomUUID().slice(0, 8)}` });
    const login = await handleRestRequest(
      new Request("http://localhost/api/v1/auth/login/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    const { access } = (await login.json()) as { access: string };
    const created = await handleRestRequest(
      new Request("http://localhost/api/v1/links/", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
        body: JSON.stringify({ title: "Newsletter", link_type: "signup", is_active: true }),
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ link_type: "signup", url: "", title: "Newsletter" });
  });
});

describe("Double opt-in", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it("queues one confirmation, counts only confirmed addresses, and unsubscribes in one click", async () => {
    const { caller, profile } = await creatorWithBlock();
    const email = uniqueEmail("Visitor").replace("visitor", "VisItor");
    expect(await visitorCaller().audience.subscribe({ slug: profile.slug.toUpperCase(), email })).toEqual({ status: "pending" });
    expect(await statusOf(email)).toEqual([{ status: "pending", profile_id: profile.id }]);
    expect(await db().subscriber.count({ where: { email } })).toBe(0); // stored lower-cased

    expect(await drainOutbox(smtp.transport(), email.toLowerCase())).toBe(1);
    const mail = smtp.received.find((received) => received.to === email.toLowerCase())!;
    expect(mail.parsed.subject).toBe("Confirm your subscription to Ada Lovelace");
    expect(mail.parsed.text).toContain("The link expires in 7 days.");
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http\S+\/subscription\/unsubscribe\?token=/);
    const confirmLink = new URL((mail.parsed.text ?? "").match(/https?:\/\/\S+subscription\/confirm\S+/)![0]);
    const unsubscribeLink = new URL((mail.parsed.text ?? "").match(/Unsubscribe: (\S+)/)![1]!);
    expect(unsubscribeLink.pathname).toBe(UNSUBSCRIBE_PATH);

    const server = await startPublicServer();
    try {
      // Opening the link shows a button; only the click confirms.
      const shown = await fetch(`${server.origin}${confirmLink.pathname}${confirmLink.search}`);
      expect(shown.status).toBe(200);
      const page = await shown.text();
      expect(page).toContain("Confirm your subscription to Ada Lovelace");
      expect(page).toContain(UNSUBSCRIBE_PATH);
      expect((await statusOf(email))[0]!.status).toBe("pending");
      expect((await caller.audience.summary()).counts.subscribed).toBe(0);

      const confirmed = await fetch(`${server.origin}${confirmLink.pathname}${confirmLink.search}`, { method: "POST" });
      expect(await confirmed.text()).toContain("You&#x27;re subscribed");
      expect((await statusOf(email))[0]!.status).toBe("subscribed");
      expect((await caller.audience.summary()).counts).toEqual({ pending: 0, subscribed: 1, unsubscribed: 0 });

      // A repeat while subscribed answers the same and sends nothing.
      await visitorCaller().audience.subscribe({ slug: profile.slug, email });
      expect(await queuedFor(email)).toHaveLength(1);

      // One-click unsubscribe (RFC 8058), final: the confirmation link stops working.
      const unsubscribed = await fetch(`${server.origin}${unsubscribeLink.pathname}${unsubscribeLink.search}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
      });
      expect(await unsubscribed.text()).toContain("You&#x27;re unsubscribed");
      expect((await statusOf(email))[0]!.status).toBe("unsubscribed");
      const again = await fetch(`${server.origin}${confirmLink.pathname}${confirmLink.search}`, { method: "POST" });
      expect(again.status).toBe(404);
      expect((await statusOf(email))[0]!.status).toBe("unsubscribed");
    } finally {
      await server.close();
    }
  });

  it("sends nothing new within an hour of the last message, then a fresh link that replaces the old", async () => {
    const { profile } = await creatorWithBlock();
    const email = uniqueEmail("repeat");
    const { signUp } = await import("@/server/services/audience/subscribe");
    const visit = { ip: null, userAgent: BROWSER, referrer: null, page: null, headers: {} };
    const start = new Date();
    await signUp(db(), { slug: profile.slug, email }, visit, start);
    const first = await tokenFromLatest(email, CONFIRM_PATH);
    await signUp(db(), { slug: profile.slug, email }, visit, new Date(start.getTime() + HOUR - 1000));
    expect(await queuedFor(email)).toHaveLength(1);
    await signUp(db(), { slug: profile.slug, email }, visit, new Date(start.getTime() + HOUR + 1000));
    expect(await queuedFor(email)).toHaveLength(2);
    const second = await tokenFromLatest(email, CONFIRM_PATH);
    expect(second).not.toBe(first);
    const { confirmSubscription } = await import("@/server/services/audience/confirm");
    expect((await confirmSubscription(db(), first)).state).toBe("invalid");
    expect((await confirmSubscription(db(), second, new Date(start.getTime() + HOUR + 2000))).state).toBe("subscribed");
  });

  it("refuses an expired link", async () => {
    const { profile } = await creatorWithBlock();
    const email = uniqueEmail("late");
    await visitorCaller().audience.subscribe({ slug: profile.slug, email });
    const token = await tokenFromLatest(email, CONFIRM_PATH);
    const { confirmSubscription } = await import("@/server/services/audience/confirm");
    expect((await confirmSubscription(db(), token, new Date(Date.now() + 8 * 24 * HOUR))).state).toBe("expired");
    expect((await statusOf(email))[0]!.status).toBe("pending");
  });

  it("parallel sign-ups of one address store one row and queue one message", async () => {
    const { profile } = await creatorWithBlock();
    const email = uniqueEmail("parallel");
    const answers = await Promise.all(Array.from({ length: 6 }, () => visitorCaller().audience.subscribe({ slug: profile.slug, email })));
    expect(answers.every((answer) => answer.status === "pending")).toBe(true);
    expect(await statusOf(email)).toHaveLength(1);
    expect(await queuedFor(email)).toHaveLength(1);
  });
});

describe("The page's form", () => {
  let server: PublicServer;
  beforeAll(async () => {
    server = await startPublicServer();
  });
  afterAll(() => server.close());

  const post = (slug: string, body: string, accept = "text/html") =>
    fetch(`${server.origin}/u/${slug}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept, "user-agent": BROWSER },
      body,
    });

  it("is a plain form on the cached page, and answers a page without script or JSON to the page's script", async () => {
    const { profile } = await creatorWithBlock({ success_message: "See you in your inbox" });
    const page = await fetch(`${server.origin}/${profile.slug}`, { headers: { "user-agent": BROWSER } });
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<form class="lb-signup" data-signup="" action="/u/${profile.slug}/subscribe" method="post">`));
    expect(html).toContain('<label class="lb-signup-label" for="lb-signup-email">Email address</label>');
    expect(html).toContain("By subscribing you agree to receive emails from Ada Lovelace. Unsubscribe anytime.");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("public, no-cache");

    const email = uniqueEmail("form");
    const answered = await post(profile.slug, new URLSearchParams({ email, website: "" }).toString());
    expect(answered.status).toBe(200);
    const result = await answered.text();
    expect(result).toContain("Almost there");
    expect(result).toContain("See you in your inbox");
    expect(result).toContain(`href="http://localhost`);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    expect(await statusOf(email)).toHaveLength(1);

    const scripted = await post(
      profile.slug,
      new URLSearchParams({ email: uniqueEmail("js"), page: `${server.origin}/x?utm_source=ig` }).toString(),
      "application/json",
    );
    expect(scripted.status).toBe(202);
    expect(await scripted.json()).toEqual({ status: "pending" });

    const malformed = await post(profile.slug, "email=nobody", "application/json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "validation_error", email: ["Please enter a valid email address"] });
    expect((await post(profile.slug, `email=${"a".repeat(9000)}`)).status).toBe(413);
    expect((await fetch(`${server.origin}/u/${profile.slug}/subscribe`)).status).toBe(405);
    expect((await post("nobody_here_at_all", new URLSearchParams({ email: uniqueEmail("x") }).toString())).status).toBe(404);
  });
});

describe("Abuse", () => {
  it("answers the honeypot and bots like anyone, and keeps nothing", async () => {
    const { profile } = await creatorWithBlock();
    const trapped = uniqueEmail("trap");
    expect(await visitorCaller().audience.subscribe({ slug: profile.slug, email: trapped, website: "http://spam.example" })).toEqual({
      status: "pending",
    });
    const bot = uniqueEmail("bot");
    expect(
      await visitorCaller(address(), "Googlebot/2.1 (+http://www.google.com/bot.html)").audience.subscribe({
        slug: profile.slug,
        email: bot,
      }),
    ).toEqual({
      status: "pending",
    });
    expect(await statusOf(trapped)).toEqual([]);
    expect(await statusOf(bot)).toEqual([]);
    expect(await queuedFor(trapped)).toEqual([]);
  });

  it("names the field of a malformed address and refuses pages without a block", async () => {
    const { profile } = await creatorWithBlock();
    const answer = await handleRestRequest(
      new Request(`http://localhost/api/v1/profiles/${profile.slug}/subscribe/`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER, [CLIENT_IP_HEADER]: address() },
        body: JSON.stringify({ email: "not an address" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: "validation_error", email: ["Please enter a valid email address"] });
    const accepted = await handleRestRequest(
      new Request(`http://localhost/api/v1/profiles/${profile.slug}/subscribe/`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER, [CLIENT_IP_HEADER]: address() },
        body: JSON.stringify({ email: uniqueEmail("rest") }),
      }),
    );
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ status: "pending" });

    const other = await registeredUser("noblock");
    const plain = await other.caller.profile.updateSlug({ slug: `n_${randomUUID().slice(0, 8)}` });
    const refused = visitorCaller().audience.subscribe({ slug: plain.slug, email: uniqueEmail("x") });
    await expect(refused).rejects.toThrow("This page takes no sign-ups");
  });

  it("limits sign-ups per client address, parallel ones included, with Retry-After", async () => {
    const saved = process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
    process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "3";
    process.env.RATE_LIMIT_PREFIX = `audience-${randomUUID().slice(0, 8)}`;
    reloadRateLimits();
    try {
      const { profile } = await creatorWithBlock();
      const ip = address();
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => visitorCaller(ip).audience.subscribe({ slug: profile.slug, email: uniqueEmail("limited") })),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as TRPCError).code).toBe("TOO_MANY_REQUESTS");
      const answer = await handleRestRequest(
        new Request(`http://localhost/api/v1/profiles/${profile.slug}/subscribe/`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": BROWSER, [CLIENT_IP_HEADER]: ip },
          body: JSON.stringify({ email: uniqueEmail("limited") }),
        }),
      );
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      // Per page: twenty times the per-address limit, whatever the addresses.
      const perPage = await Promise.allSettled(
        Array.from({ length: 61 }, () => visitorCaller().audience.subscribe({ slug: profile.slug, email: uniqueEmail("page") })),
      );
      expect(perPage.filter((result) => result.status === "rejected").length).toBeGreaterThanOrEqual(4);
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
      else process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = saved;
      reloadRateLimits();
    }
  });
});

describe("The Audience screen's calls", () => {
  it("lists, searches, exports formula-safe CSV and JSON, and removes (erasing the address)", async () => {
    const { caller, profile } = await creatorWithBlock();
    const hostile = `=HYPERLINK("x")+1@example.com`.replace(/[()" ]/g, "");
    const plain = uniqueEmail("plain");
    for (const email of [hostile, plain]) await visitorCaller().audience.subscribe({ slug: profile.slug, email });
    const listed = await caller.audience.list({});
    expect(listed.map((row) => row.email).sort()).toEqual([hostile.toLowerCase(), plain].sort());
    expect(await caller.audience.list({ q: "PLAIN" })).toHaveLength(1);
    expect(await caller.audience.list({ status: "subscribed" })).toHaveLength(0);

    const csv = await caller.audience.export({ format: "csv" });
    expect(csv.content_type).toContain("text/csv");
    expect(csv.content.split("\r\n")[0]).toBe("email,status,created_at,confirmed_at,unsubscribed_at,referrer,utm_source,country");
    expect(csv.content).toContain(`'${hostile.toLowerCase()}`);
    expect(csv.content).not.toMatch(/^=/m);
    const json = JSON.parse((await caller.audience.export({ format: "json" })).content) as { subscribers: { email: string }[] };
    expect(json.subscribers).toHaveLength(2);

    const target = listed.find((row) => row.email === plain)!;
    const stranger = await registeredUser("stranger");
    await expect(stranger.caller.audience.remove({ id: target.id })).rejects.toThrow("Subscriber not found");
    await caller.audience.remove({ id: target.id });
    expect(await db().subscriber.count({ where: { email: plain } })).toBe(0);
    await expect(caller.audience.remove({ id: target.id })).rejects.toBeInstanceOf(TRPCError);
  });

  it("goes with its profile, and with the account", async () => {
    const first = await creatorWithBlock();
    const second = await first.caller.profile.create({ display_name: "Second page", slug: `b_${randomUUID().slice(0, 8)}` });
    await first.caller.profile.switch({ id: second.id });
    await first.caller.link.create({ title: "Second list", link_type: "signup" });
    const [one, two] = [uniqueEmail("gone"), uniqueEmail("gone")];
    await visitorCaller().audience.subscribe({ slug: first.profile.slug, email: one });
    await visitorCaller().audience.subscribe({ slug: second.slug, email: two });
    await first.caller.profile.delete({ id: first.profile.id });
    expect(await statusOf(one)).toEqual([]);
    expect(await statusOf(two)).toHaveLength(1);
    await first.caller.auth.deleteAccount();
    expect(await statusOf(two)).toEqual([]);
  });

  it("gives Insights the confirmed sign-ups per day and per unique visitor", async () => {
    const { caller, profile } = await creatorWithBlock();
    await recordPageView(profile.id, { ip: "8.8.8.8", userAgent: BROWSER, referrer: null, headers: {} });
    await recordPageView(profile.id, { ip: "81.2.69.142", userAgent: BROWSER, referrer: null, headers: {} });
    await flushAnalytics();
    const email = uniqueEmail("counted");
    await visitorCaller().audience.subscribe({ slug: profile.slug, email });
    expect((await caller.audience.insights({ days: 7 })).signups).toBe(0);
    const { confirmSubscription } = await import("@/server/services/audience/confirm");
    await confirmSubscription(db(), await tokenFromLatest(email, CONFIRM_PATH));
    const figures = await caller.audience.insights({ days: 7 });
    expect(figures).toMatchObject({ signups: 1, unique_visitors: 2, signup_rate: 50 });
    expect(figures.per_day).toHaveLength(7);
    expect(figures.per_day.at(-1)!.signups).toBe(1);
  });
});
