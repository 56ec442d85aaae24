import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db/client";
import { QR_CODE_REFERRER } from "@/lib/share/qr-marker";
import { countPageView, flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { getLinkAnalytics, getOverview } from "@/server/services/analytics/queries";
import { forgetOldRepeats, repeatKeys } from "@/server/services/analytics/repeats";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { callerFor, registeredUser, signedIn } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

const agent = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + n}.0.0.0 Safari/537.36`;
const MINUTE = 60_000;
const sql = () => getDatabase().sql;

async function creator() {
  const user = await registeredUser("counting");
  const profile = await user.caller.profile.updateSlug({ slug: `c_${randomUUID().slice(0, 8)}` });
  const link = await user.caller.link.create({ title: "Shop", url: "shop.example.com" });
  return { ...user, profile, link };
}

function visit(at: number, ip = "8.8.8.8", ua = agent(0)): VisitContext {
  return { ip, userAgent: ua, referrer: null, headers: {}, now: new Date(at) };
}

async function stored(profileId: string) {
  const [row] = await sql().query<{ views: number; clicks: number; link_clicks: number }>(
    `SELECT (SELECT count(*)::int FROM "AnalyticsEvent" WHERE profile_id = $1 AND type = 'view') AS views,
            (SELECT count(*)::int FROM "AnalyticsEvent" WHERE profile_id = $1 AND type = 'click') AS clicks,
            (SELECT coalesce(sum(clicks), 0)::int FROM "Link" WHERE profile_id = $1) AS link_clicks`,
    [profileId],
  );
  return row!;
}

const counted = { recorded: true, found: true };
const repeat = { recorded: false, found: true, reason: "repeat" };
const hidden = { recorded: false, found: false, reason: "unknown_link" };

describe("which clicks count", () => {
  const T = Date.parse("2026-06-10T10:00:00Z");

  it("an inactive link: 404, nothing recorded", async () => {
    const { profile, link, caller } = await creator();
    await caller.link.toggle({ id: link.id });
    expect(await recordClick(link.id, visit(T))).toEqual(hidden);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
  });

  it("a link outside its schedule: 404 before it starts and after it ends, counted inside", async () => {
    const { profile, link, caller } = await creator();
    await caller.link.update({ id: link.id, data: { starts_at: new Date(T), ends_at: new Date(T + 60 * MINUTE) } });
    expect(await recordClick(link.id, visit(T - 1))).toEqual(hidden);
    expect(await recordClick(link.id, visit(T + 60 * MINUTE, "8.8.4.4"))).toEqual(hidden);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
    expect(await recordClick(link.id, visit(T))).toEqual(counted);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 1, link_clicks: 1 });
  });

  it("a private profile's link: 404, nothing recorded; an unlisted profile's link counts", async () => {
    const { profile, link, caller } = await creator();
    await caller.profile.updateMe({ profile_visibility: "private" });
    expect(await recordClick(link.id, visit(T))).toEqual(hidden);
    await recordPageView(profile.id, visit(T));
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
    await caller.profile.updateMe({ profile_visibility: "unlisted" });
    expect(await recordClick(link.id, visit(T))).toEqual(counted);
  });

  it("counts an IPv6 client once, however its address is spelt and whichever address of its /64 it uses", async () => {
    const { profile, link } = await creator();
    const spellings = [
      "2001:db8:85a3::8a2e:370:7334",
      "2001:DB8:85A3::8A2E:370:7334",
      "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
      "[2001:db8:85a3::8a2e:370:7334]",
      "2001:db8:85a3::8a2e:370:7334%eth0",
      "2001:db8:85a3:0:0:8a2e:370:7334",
      "2001:db8:85a3::1",
    ];
    const results = [];
    for (const [index, ip] of spellings.entries()) results.push(await recordClick(link.id, visit(T + index * MINUTE, ip)));
    expect(results).toEqual([counted, ...spellings.slice(1).map(() => repeat)]);
    expect(await recordClick(link.id, visit(T + 10 * MINUTE, "2001:db8:85a4::1"))).toEqual(counted);
    expect(await stored(profile.id)).toMatchObject({ clicks: 2 });
  });

  it("one address counts once per link per hour, whatever its user agent; after the hour it counts again", async () => {
    const { profile, link, caller } = await creator();
    const other = await caller.link.create({ title: "Blog", url: "blog.example.com" });
    expect(await recordClick(link.id, visit(T, "8.8.8.8", agent(0)))).toEqual(counted);
    for (let i = 1; i <= 5; i += 1) {
      expect(await recordClick(link.id, visit(T + i * 11 * MINUTE, "8.8.8.8", agent(i)))).toEqual(repeat);
    }
    // Another link, another address: each its own count.
    expect(await recordClick(other.id, visit(T + MINUTE, "8.8.8.8", agent(7)))).toEqual(counted);
    expect(await recordClick(link.id, visit(T + MINUTE, "81.2.69.142", agent(0)))).toEqual(counted);
    expect(await recordClick(link.id, visit(T + 60 * MINUTE, "8.8.8.8", agent(0)))).toEqual(counted);
    expect(await recordClick(link.id, visit(T + 61 * MINUTE, "8.8.8.8", agent(9)))).toEqual(repeat);

    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 4, link_clicks: 4 });
    const scope = { profileId: profile.id, days: 7 as const, now: new Date(T + 2 * 60 * MINUTE) };
    const { links } = await getLinkAnalytics(sql(), scope);
    // Uniques stay exact: 8.8.8.8 with agent 0 twice is one visitor; the other address is another.
    expect(links.find((l) => l.id === link.id)).toMatchObject({ clicks: 3, unique_clicks: 2 });
    expect(links.find((l) => l.id === other.id)).toMatchObject({ clicks: 1, unique_clicks: 1 });
  });

  it("counts a burst from one address once, also when its clicks share a batch", async () => {
    const { profile, link } = await creator();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => recordClick(link.id, visit(T + i * 1000, "1.1.1.1", agent(i)))));
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    expect(results.every((r) => r.found)).toBe(true);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 1, link_clicks: 1 });
  });

  it("keeps the later count of an address counted twice in one batch, an hour apart", async () => {
    const { profile, link } = await creator();
    // One batch: the key is new, so it is written with its first event's time, then corrected to the second's.
    const [first, second] = await Promise.all([
      recordClick(link.id, visit(T, "9.9.9.9", agent(1))),
      recordClick(link.id, visit(T + 61 * MINUTE, "9.9.9.9", agent(2))),
    ]);
    expect([first, second]).toEqual([counted, counted]);
    expect(await recordClick(link.id, visit(T + 100 * MINUTE, "9.9.9.9", agent(3)))).toEqual(repeat);
    expect(await recordClick(link.id, visit(T + 121 * MINUTE, "9.9.9.9", agent(4)))).toEqual(counted);
    expect(await stored(profile.id)).toMatchObject({ clicks: 3 });
  });

  it("holds across UTC midnight: the address's key changes with the day's salt but the hour still applies", async () => {
    const { profile, link } = await creator();
    const late = Date.parse("2026-06-10T23:30:00Z");
    expect(await recordClick(link.id, visit(late, "8.8.8.8", agent(1)))).toEqual(counted);
    expect(await recordClick(link.id, visit(late + 40 * MINUTE, "8.8.8.8", agent(2)))).toEqual(repeat);
    expect(await recordClick(link.id, visit(late + 60 * MINUTE, "8.8.8.8", agent(3)))).toEqual(counted);
    expect(await stored(profile.id)).toMatchObject({ clicks: 2 });
  });

  it("page views: one address counts once per page per 30 minutes", async () => {
    const { profile } = await creator();
    await recordPageView(profile.id, visit(T, "8.8.8.8", agent(0)));
    await recordPageView(profile.id, visit(T + 29 * MINUTE, "8.8.8.8", agent(1)));
    await recordPageView(profile.id, visit(T + 10 * MINUTE, "81.2.69.142", agent(0)));
    await recordPageView(profile.id, visit(T + 30 * MINUTE, "8.8.8.8", agent(0)));
    expect(await stored(profile.id)).toMatchObject({ views: 3 });
    const overview = await getOverview(sql(), { profileId: profile.id, days: 7, now: new Date(T + 60 * MINUTE) });
    expect(overview).toMatchObject({ total_views: 3, unique_visitors: 2 });
  });

  it("page views the public page does not wait for (countPageView) follow the same rules, written by the next flush", async () => {
    const { profile } = await creator();
    countPageView(profile.id, visit(T, "8.8.8.8", agent(0)));
    countPageView(profile.id, visit(T + 5 * MINUTE, "81.2.69.142", agent(0)));
    await flushAnalytics();
    expect(await stored(profile.id)).toMatchObject({ views: 2 });
    // Remembered once committed: the same address within 30 minutes never reaches the writer.
    countPageView(profile.id, visit(T + 29 * MINUTE, "8.8.8.8", agent(1)));
    countPageView(profile.id, visit(T + 30 * MINUTE, "8.8.8.8", agent(0)));
    await flushAnalytics();
    expect(await stored(profile.id)).toMatchObject({ views: 3 });
  });

  it("stores no address: the repeat keys are salted hashes", async () => {
    const { link } = await creator();
    const ip = "198.51.100.77";
    await recordClick(link.id, visit(T, ip));
    const { own } = repeatKeys("click", link.id, ip, T);
    expect(own).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await sql().query<{ counted_at: Date }>(`SELECT counted_at FROM "AnalyticsRepeat" WHERE key = $1`, [own]);
    expect(row!.counted_at.getTime()).toBe(T);
    const [withAddress] = await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM "AnalyticsRepeat" WHERE key LIKE $1`, [
      `%${ip}%`,
    ]);
    expect(withAddress!.n).toBe(0);
  });

  it("deletes repeat rows two hours older than the writer's clock, and only those", async () => {
    const now = Date.parse("2000-01-01T12:00:00Z"); // older than every other test's rows, which stay
    const [old, recent] = [`old-${randomUUID().slice(0, 8)}`, `recent-${randomUUID().slice(0, 8)}`];
    await sql().query(`INSERT INTO "AnalyticsRepeat" (key, counted_at) VALUES ($1, $2), ($3, $4)`, [
      old,
      new Date(now - 2 * 60 * MINUTE - 1).toISOString(),
      recent,
      new Date(now - 2 * 60 * MINUTE).toISOString(),
    ]);
    await forgetOldRepeats(sql(), now);
    const rows = await sql().query<{ key: string }>(`SELECT key FROM "AnalyticsRepeat" WHERE key = ANY($1::text[])`, [[old, recent]]);
    expect(rows.map((row) => row.key)).toEqual([recent]);
    await sql().query(`DELETE FROM "AnalyticsRepeat" WHERE key = $1`, [recent]);
  });
});

describe("the click beacon over HTTP", () => {
  let server: PublicServer;
  let base: string;
  const saved = process.env.RATE_LIMIT_CLICKS_PER_MINUTE;

  beforeAll(async () => {
    process.env.RATE_LIMIT_CLICKS_PER_MINUTE = "5";
    reloadRateLimits();
    server = await startPublicServer({ trustProxy: true });
    base = server.origin;
  });

  afterAll(async () => {
    if (saved === undefined) delete process.env.RATE_LIMIT_CLICKS_PER_MINUTE;
    else process.env.RATE_LIMIT_CLICKS_PER_MINUTE = saved;
    reloadRateLimits();
    await server.close();
  });

  const beacon = (linkId: string, ip: string, body = "", ua = agent(0), extra: Record<string, string> = {}) =>
    fetch(`${base}/api/v1/links/${linkId}/click/`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": ua, "x-forwarded-for": ip, ...extra },
      body,
    });

  it("counts no click on a header, from the owner's access token, or from a link preview", async () => {
    const { profile, link, caller, email, password } = await creator();
    const header = await caller.link.create({ title: "Section", url: "", link_type: "header" });
    expect((await beacon(header.id, "9.9.9.20")).status).toBe(404);
    const { access } = signedIn(await callerFor(null).auth.login({ email, password }));
    const own = await beacon(link.id, "9.9.9.21", "", agent(0), { authorization: `Bearer ${access}` });
    expect([own.status, own.headers.get("x-click-recorded")]).toEqual([204, "false"]);
    const purposes: Record<string, string>[] = [
      { "x-purpose": "preview" },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "preview" },
    ];
    for (const [index, purpose] of purposes.entries()) {
      const preview = await beacon(link.id, `9.9.9.${30 + index}`, "", agent(0), purpose);
      expect([preview.status, preview.headers.get("x-click-recorded")]).toEqual([204, "false"]);
    }
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
    // A forged token is a visitor like any other.
    const forged = await beacon(link.id, "9.9.9.40", "", agent(0), { authorization: "Bearer forged" });
    expect(forged.headers.get("x-click-recorded")).toBe("true");
  });

  it("answers 204 with x-click-recorded true, then false for the same address, and 404 for a hidden link", async () => {
    const { profile, link, caller } = await creator();
    const first = await beacon(link.id, "9.9.9.9", JSON.stringify({ referrer: "https://example.com/" }));
    expect([first.status, first.headers.get("x-click-recorded")]).toEqual([204, "true"]);
    const again = await beacon(link.id, "9.9.9.9", "", agent(3));
    expect([again.status, again.headers.get("x-click-recorded")]).toEqual([204, "false"]);
    await caller.link.toggle({ id: link.id });
    const off = await beacon(link.id, "9.9.9.10");
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ detail: "Link not found", code: "not_found" });
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 1, link_clicks: 1 });
  });

  it("stores the address the visitor came from as the click's referrer and the page address's utm_*", async () => {
    const { profile, link } = await creator();
    const page = `${base}/u/${profile.slug}?utm_source=newsletter&utm_medium=email`;
    const sent = (referrer: string, ip: string, extra: Record<string, unknown> = {}) =>
      beacon(link.id, ip, JSON.stringify({ referrer, page, ...extra }));
    expect((await sent("https://l.instagram.com/?u=x", "9.9.9.50")).headers.get("x-click-recorded")).toBe("true");
    expect((await sent("", "9.9.9.51")).headers.get("x-click-recorded")).toBe("true");
    expect((await sent("", "9.9.9.52", { qr: true })).headers.get("x-click-recorded")).toBe("true");
    // An older page's script sent only its own address, as referrer: its utm_* still count.
    await beacon(link.id, "9.9.9.53", JSON.stringify({ referrer: page }));
    const rows = await sql().query<{ referrer_host: string; utm_source: string; utm_medium: string }>(
      `SELECT referrer_host, utm_source, utm_medium FROM "AnalyticsEvent" WHERE profile_id = $1 ORDER BY id`,
      [profile.id],
    );
    const utm = { utm_source: "newsletter", utm_medium: "email" };
    expect(rows).toEqual([
      { referrer_host: "l.instagram.com", ...utm },
      { referrer_host: "", ...utm },
      { referrer_host: QR_CODE_REFERRER, ...utm },
      { referrer_host: new URL(base).hostname, ...utm },
    ]);
  });

  it("two browsers behind one address are one visitor for views and clicks; a view keeps the arrival's utm_* and referrer", async () => {
    const { profile, link, caller } = await creator();
    const second = await caller.link.create({ title: "Blog", url: "blog.example.com" });
    const open = (query: string, ua: string, referrer?: string) =>
      fetch(`${base}/${profile.slug}${query}`, {
        headers: { "user-agent": ua, "x-forwarded-for": "9.9.9.70", ...(referrer ? { referer: referrer } : {}) },
      });
    expect((await open("", agent(1))).status).toBe(200);
    // The second browser arrives from a TikTok campaign: a new arrival, so its own view, keyed to the same visitor.
    expect((await open("?utm_source=tiktok", agent(2), "https://www.tiktok.com/")).status).toBe(200);
    // A reload from the same campaign is a repeat.
    expect((await open("?utm_source=tiktok", agent(3), "https://www.tiktok.com/")).status).toBe(200);
    const page = `${base}/${profile.slug}?utm_source=tiktok`;
    await beacon(link.id, "9.9.9.70", JSON.stringify({ referrer: "https://www.tiktok.com/", page }), agent(2));
    await beacon(second.id, "9.9.9.70", JSON.stringify({ referrer: "", page: `${base}/${profile.slug}` }), agent(1));
    await flushAnalytics();
    const rows = await sql().query<{ type: string; referrer_host: string; utm_source: string }>(
      `SELECT type, referrer_host, utm_source FROM "AnalyticsEvent" WHERE profile_id = $1 ORDER BY id`,
      [profile.id],
    );
    expect(rows).toEqual([
      { type: "view", referrer_host: "", utm_source: "" },
      { type: "view", referrer_host: "tiktok.com", utm_source: "tiktok" },
      { type: "click", referrer_host: "tiktok.com", utm_source: "tiktok" },
      { type: "click", referrer_host: "", utm_source: "" },
    ]);
    const [people] = await sql().query<{ visitors: number; clickers: number }>(
      `SELECT count(DISTINCT visitor_hash) FILTER (WHERE type = 'view')::int AS visitors,
              count(DISTINCT visitor_hash) FILTER (WHERE type = 'click')::int AS clickers
         FROM "AnalyticsEvent" WHERE profile_id = $1`,
      [profile.id],
    );
    expect(people).toEqual({ visitors: 1, clickers: 1 });
  });

  it("refuses a referrer over the documented 2,048 characters with 400 and records nothing", async () => {
    const { profile, link } = await creator();
    const response = await beacon(link.id, "9.9.9.11", JSON.stringify({ referrer: `https://example.com/${"a".repeat(2030)}` }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { detail: string; referrer: string[] };
    expect(body.detail).toBe(body.referrer[0]);
    expect(body.referrer[0]).toMatch(/2048/);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
  });

  it.each([
    ["a page address over 2,048 characters", { page: `https://example.com/${"a".repeat(2030)}` }, "page"],
    ["a page address that is not a string", { page: 42 }, "page"],
    ["a QR marker that is not a boolean", { qr: "yes" }, "qr"],
  ])("refuses %s with 400 naming the field, and records nothing", async (_case, payload, field) => {
    const { profile, link } = await creator();
    const response = await beacon(link.id, "9.9.9.14", JSON.stringify(payload));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body[field]).toEqual([body.detail]);
    expect(await stored(profile.id)).toEqual({ views: 0, clicks: 0, link_clicks: 0 });
  });

  it("limits one address to RATE_LIMIT_CLICKS_PER_MINUTE beacons: 429 with Retry-After and a detail", async () => {
    const { link } = await creator();
    const ip = "9.9.9.12";
    for (let i = 0; i < 5; i += 1) expect((await beacon(link.id, ip, "", agent(i))).status).toBe(204);
    const refused = await beacon(link.id, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      detail: `Too many clicks from your network. Please try again in ${retryAfter} seconds.`,
      code: "rate_limited",
    });
    expect((await beacon(link.id, "9.9.9.13")).status).toBe(204);
  });
});
