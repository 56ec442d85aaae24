import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterEach, describe, expect, it } from "vitest";
import type { AnalyticsPeriod } from "@/lib/schemas/analytics";
import { getDatabase } from "@/server/db/client";
import { getDevices, getLocations } from "@/server/services/analytics/breakdowns";
import { exportAnalytics } from "@/server/services/analytics/export";
import { flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { periodOf } from "@/server/services/analytics/periods";
import { reloadVisitorConfig } from "@/server/services/analytics/visitor";
import { getLinkAnalytics, getOverview, getTimeline, type AnalyticsScope } from "@/server/services/analytics/queries";
import { callerFor, registeredUser } from "./helpers";

const UA = {
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  mobile:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  tablet: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

const sql = () => getDatabase().sql;

async function creator(label = "analytics") {
  const user = await registeredUser(label);
  const profile = await user.caller.profile.updateSlug({ slug: `a_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

function visit(at: string, options: Partial<VisitContext> = {}): VisitContext {
  return { ip: "8.8.8.8", userAgent: UA.desktop, referrer: null, headers: {}, now: new Date(at), ...options };
}

async function queries(profileId: string, days: AnalyticsPeriod, now: string, tz?: string) {
  const scope: AnalyticsScope = { profileId, days, tz, now: new Date(now) };
  return {
    overview: await getOverview(sql(), scope),
    links: (await getLinkAnalytics(sql(), scope)).links,
    timeline: (await getTimeline(sql(), scope)).data,
    devices: (await getDevices(sql(), scope)).devices,
    locations: (await getLocations(sql(), scope)).locations,
  };
}

async function linkClicksColumn(linkId: string): Promise<number> {
  const [row] = await sql().query<{ clicks: number }>(`SELECT clicks FROM "Link" WHERE id = $1`, [linkId]);
  return row!.clicks;
}

afterEach(() => {
  delete process.env.COUNTRY_HEADER;
  reloadVisitorConfig();
});

describe("recording events", () => {
  it("counts unique visitors per day: the same visitor on two days is two uniques, twice on one day is one", async () => {
    const { profile, caller } = await creator();
    const link = await caller.link.create({ title: "Site", url: "example.com" });
    const alice = { ip: "8.8.8.8", userAgent: UA.desktop };
    const bob = { ip: "81.2.69.142", userAgent: UA.mobile };
    await Promise.all([
      recordPageView(profile.id, visit("2026-03-10T08:00:00Z", alice)),
      recordPageView(profile.id, visit("2026-03-10T18:00:00Z", alice)),
      recordPageView(profile.id, visit("2026-03-11T09:00:00Z", alice)),
      recordPageView(profile.id, visit("2026-03-10T12:00:00Z", bob)),
    ]);
    const clicks = await Promise.all([
      recordClick(link.id, visit("2026-03-10T08:01:00Z", alice)),
      recordClick(link.id, visit("2026-03-10T09:02:00Z", alice)),
      recordClick(link.id, visit("2026-03-11T09:01:00Z", alice)),
      recordClick(link.id, visit("2026-03-10T12:01:00Z", bob)),
    ]);
    expect(clicks).toEqual(Array(4).fill({ recorded: true, found: true }));

    const result = await queries(profile.id, 7, "2026-03-12T10:00:00Z");
    expect(result.overview).toMatchObject({
      total_views: 4,
      total_clicks: 4,
      unique_visitors: 3,
      click_rate: 100,
      unique_clickers: 3,
      visitor_click_rate: 100,
    });
    expect(result.links).toEqual([
      { id: link.id, title: "Site", clicks: 4, unique_clicks: 3, click_percentage: 100, ctr: 100, trend: null, counted_as: "clicks" },
    ]);
    expect(result.timeline.slice(-3)).toEqual([
      { date: "2026-03-10", views: 3, clicks: 3 },
      { date: "2026-03-11", views: 1, clicks: 1 },
      { date: "2026-03-12", views: 0, clicks: 0 },
    ]);
    expect(result.devices).toEqual([
      { device_type: "desktop", count: 3, percentage: 75 },
      { device_type: "mobile", count: 1, percentage: 25 },
    ]);
    expect(result.locations).toMatchObject([
      { country: "United States", visits: 3, percentage: 75 },
      { country: "United Kingdom", visits: 1, percentage: 25 },
    ]);
    // The dashboard's click count moves in step, in the same transactions.
    expect(await linkClicksColumn(link.id)).toBe(4);
  });

  it("stores a salted hash, never the IP, and keeps device, browser, OS, country and referrer host", async () => {
    const { profile } = await creator();
    await recordPageView(
      profile.id,
      visit("2026-04-01T10:00:00Z", { ip: "81.2.69.142", userAgent: UA.tablet, referrer: "https://www.Instagram.com/p/x?y=1" }),
    );
    const [event] = await sql().query<Record<string, unknown>>(`SELECT * FROM "AnalyticsEvent" WHERE profile_id = $1`, [profile.id]);
    expect(event).toMatchObject({
      type: "view",
      link_id: null,
      device_type: "tablet",
      browser: "Mobile Safari",
      os: "iOS",
      country: "GB",
      referrer_host: "instagram.com",
    });
    expect(JSON.stringify(event)).not.toContain("81.2.69.142");
    expect(String(event!.visitor_hash)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("ignores bots, prefetches and clients without a user agent, and says whether the link exists", async () => {
    const { profile, caller } = await creator();
    const link = await caller.link.create({ title: "Site", url: "example.com" });
    const at = "2026-03-10T08:00:00Z";
    await recordPageView(profile.id, visit(at, { userAgent: UA.googlebot }));
    await recordPageView(profile.id, visit(at, { userAgent: null }));
    await recordPageView(profile.id, visit(at, { headers: { "sec-purpose": "prefetch;prerender" } }));
    expect(await recordClick(link.id, visit(at, { userAgent: UA.googlebot }))).toEqual({ recorded: false, found: true, reason: "bot" });
    expect(await recordClick("c_no_such_link", visit(at))).toEqual({ recorded: false, found: false, reason: "unknown_link" });
    expect(await recordClick(link.id, visit(at))).toEqual({ recorded: true, found: true });

    const { overview } = await queries(profile.id, 7, "2026-03-11T00:00:00Z");
    expect(overview).toMatchObject({ total_views: 0, total_clicks: 1, unique_visitors: 0 });
    expect(await linkClicksColumn(link.id)).toBe(1);
  });

  it("ignores the signed-in owner viewing or clicking their own page, but not other signed-in users", async () => {
    const owner = await creator("owner");
    const other = await registeredUser("other");
    const link = await owner.caller.link.create({ title: "Site", url: "example.com" });
    const at = "2026-03-10T08:00:00Z";
    await recordPageView(owner.profile.id, visit(at, { viewerUserId: owner.id }));
    expect(await recordClick(link.id, visit(at, { viewerUserId: owner.id }))).toEqual({ recorded: false, found: true, reason: "owner" });
    await recordPageView(owner.profile.id, visit(at, { viewerUserId: other.id }));
    expect(await recordClick(link.id, visit(at, { viewerUserId: other.id }))).toEqual({ recorded: true, found: true });

    const { overview } = await queries(owner.profile.id, 7, "2026-03-11T00:00:00Z");
    expect(overview).toMatchObject({ total_views: 1, total_clicks: 1, unique_visitors: 1 });
  });

  it("takes the country from COUNTRY_HEADER when configured, else the IP database, else Unknown", async () => {
    const { profile } = await creator();
    const at = "2026-03-10T08:00:00Z";
    process.env.COUNTRY_HEADER = "cf-ipcountry";
    reloadVisitorConfig();
    await recordPageView(profile.id, visit(at, { ip: "8.8.8.8", headers: { "cf-ipcountry": "DE" } }));
    // One address's views count once per 30 minutes, so its later views come an hour apart.
    await recordPageView(profile.id, visit("2026-03-10T09:00:00Z", { ip: "8.8.8.8", headers: { "cf-ipcountry": "XX" } }));
    delete process.env.COUNTRY_HEADER;
    reloadVisitorConfig();
    await recordPageView(profile.id, visit("2026-03-10T10:00:00Z", { ip: "8.8.8.8", headers: { "cf-ipcountry": "FR" } }));
    await recordPageView(profile.id, visit(at, { ip: "2001:db8::1" }));
    await recordPageView(profile.id, visit(at, { ip: null }));

    const { locations } = await queries(profile.id, 7, "2026-03-11T00:00:00Z");
    expect(locations).toEqual([
      { name: "United States", country: "United States", code: "US", count: 2, visits: 2, percentage: 40 },
      { name: "Unknown", country: "Unknown", code: "ZZ", count: 2, visits: 2, percentage: 40 },
      { name: "Germany", country: "Germany", code: "DE", count: 1, visits: 1, percentage: 20 },
    ]);
  });

  it("stops counting a deleted profile at once, even while its ids are remembered", async () => {
    const { profile, caller } = await creator();
    const link = await caller.link.create({ title: "Site", url: "example.com" });
    expect(await recordClick(link.id, visit("2026-03-10T08:00:00Z"))).toEqual({ recorded: true, found: true });
    await getDatabase().prisma.profile.delete({ where: { id: profile.id } });

    // The writer still remembers the link; the insert fails on the deleted profile and is retried fresh.
    expect(await recordClick(link.id, visit("2026-03-10T08:01:00Z"))).toEqual({ recorded: false, found: false, reason: "unknown_link" });
    await recordPageView(profile.id, visit("2026-03-10T08:02:00Z"));
    const rows = await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM "AnalyticsEvent" WHERE profile_id = $1`, [profile.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it("commits concurrent clicks in shared batches and loses none; flushAnalytics writes pending page views", async () => {
    const { profile, caller } = await creator();
    const link = await caller.link.create({ title: "Site", url: "example.com" });
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        recordClick(link.id, visit(`2026-03-10T08:${String(i % 60).padStart(2, "0")}:00Z`, { ip: `10.0.${i >> 8}.${i & 255}` })),
      ),
    );
    expect(results.every((r) => r.recorded)).toBe(true);
    for (let i = 0; i < 50; i += 1) void recordPageView(profile.id, visit("2026-03-10T09:00:00Z", { ip: `10.1.0.${i}` }));
    await flushAnalytics();

    const { overview, links } = await queries(profile.id, 7, "2026-03-11T00:00:00Z");
    expect(overview).toMatchObject({ total_views: 50, total_clicks: 300, unique_visitors: 50, click_rate: 600 });
    expect(links[0]).toMatchObject({ clicks: 300, unique_clicks: 300 });
    expect(await linkClicksColumn(link.id)).toBe(300);
  });
});

describe("15-minute slot rows", () => {
  it("hold only the slots that counted something: an empty slot is NULL and the array ends at the last count", async () => {
    const { profile } = await creator();
    await recordPageView(profile.id, visit("2026-06-10T02:20:00Z"));
    await recordPageView(profile.id, visit("2026-06-10T00:05:00Z", { ip: "8.8.4.4" }));
    const rows = await sql().query<{ views: (number | null)[]; clicks: (number | null)[] }>(
      `SELECT views, clicks FROM "AnalyticsDailySlots" WHERE profile_id = $1 AND dimension = 'total'`,
      [profile.id],
    );
    // 02:20 is slot 10 of the day, 00:05 slot 1; no click was counted in either.
    expect(rows).toEqual([
      {
        views: [1, null, null, null, null, null, null, null, null, 1],
        clicks: [null, null, null, null, null, null, null, null, null, null],
      },
    ]);
    const overview = await getOverview(sql(), {
      profileId: profile.id,
      days: 7,
      tz: "Asia/Kolkata",
      now: new Date("2026-06-10T12:00:00Z"),
    });
    expect(overview).toMatchObject({ total_views: 2, total_clicks: 0 });
  });
});

describe("periods and time zones", () => {
  it("puts each event on the day of the creator's time zone, including half-hour zones and DST changes", async () => {
    const { profile } = await creator();
    for (const [i, at] of ["2026-03-10T23:30:00Z", "2026-03-11T00:30:00Z", "2026-03-10T18:29:00Z", "2026-03-10T18:31:00Z"].entries()) {
      await recordPageView(profile.id, visit(at, { ip: `192.0.2.${i}` }));
    }
    const now = "2026-03-11T12:00:00Z";
    const day = (timeline: { date: string; views: number }[], date: string) => timeline.find((p) => p.date === date)?.views;

    const utc = (await queries(profile.id, 7, now)).timeline;
    expect([day(utc, "2026-03-10"), day(utc, "2026-03-11")]).toEqual([3, 1]);
    // New York is UTC-4 after the DST change of 8 March: all four fall on the 10th.
    const ny = (await queries(profile.id, 7, now, "America/New_York")).timeline;
    expect([day(ny, "2026-03-10"), day(ny, "2026-03-11")]).toEqual([4, 0]);
    expect(ny.map((p) => p.date)).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
    ]);
    // Kolkata is UTC+5:30: 18:29Z is 23:59 on the 10th, 18:31Z is 00:01 on the 11th.
    const kolkata = (await queries(profile.id, 7, now, "Asia/Kolkata")).timeline;
    expect([day(kolkata, "2026-03-10"), day(kolkata, "2026-03-11")]).toEqual([1, 3]);
  });

  it("lists every day of the period, oldest first, zeros included, ending today in the zone", async () => {
    const { profile } = await creator();
    const timeline = (await queries(profile.id, 30, "2026-03-11T02:00:00Z", "America/Los_Angeles")).timeline;
    expect(timeline).toHaveLength(30);
    expect(timeline[0]).toEqual({ date: "2026-02-09", views: 0, clicks: 0 });
    expect(timeline.at(-1)).toEqual({ date: "2026-03-10", views: 0, clicks: 0 });
    expect((await queries(profile.id, 90, "2026-03-11T02:00:00Z")).timeline).toHaveLength(90);
  });

  it("knows where local days start, also when a DST change skips midnight", () => {
    const ny = periodOf(7, "America/New_York", new Date("2026-03-11T12:00:00Z"));
    expect(new Date(ny.bounds[3]!).toISOString()).toBe("2026-03-08T05:00:00.000Z"); // 23-hour day
    expect(new Date(ny.bounds[4]!).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(ny.bounds[4]! - ny.bounds[3]!).toBe(23 * 3_600_000);
    // Santiago moved its clocks from 00:00 to 01:00 on 2022-09-11: that day starts at 01:00 local.
    const santiago = periodOf(7, "America/Santiago", new Date("2022-09-12T12:00:00Z"));
    expect(santiago.dates.at(-2)).toBe("2022-09-11");
    expect(new Date(santiago.bounds[5]!).toISOString()).toBe("2022-09-11T04:00:00.000Z");
  });

  it("counts a visitor whose UTC day straddles the period start in both periods, and each view once", async () => {
    const { profile } = await creator();
    // Tokyo (UTC+9): the 7 days up to 2026-03-20 start at 2026-03-13T15:00Z.
    const alice = { ip: "8.8.8.8", userAgent: UA.desktop };
    const bob = { ip: "8.8.4.4", userAgent: UA.desktop };
    await recordPageView(profile.id, visit("2026-03-13T14:00:00Z", alice)); // previous period
    await recordPageView(profile.id, visit("2026-03-13T16:00:00Z", alice)); // current period
    await recordPageView(profile.id, visit("2026-03-13T14:30:00Z", bob)); // previous period only
    await recordPageView(profile.id, visit("2026-03-20T14:59:00Z", bob)); // 23:59 on the 20th: current
    await recordPageView(profile.id, visit("2026-03-20T15:30:00Z", bob)); // the 21st: outside

    const now = "2026-03-20T12:00:00Z";
    const tokyo = (await queries(profile.id, 7, now, "Asia/Tokyo")).overview;
    expect(tokyo).toMatchObject({ total_views: 2, unique_visitors: 2, change: { total_views: 0, unique_visitors: 0 } });
    const utc = (await queries(profile.id, 7, now)).overview;
    // UTC: the 14th..20th holds bob's two views of the 20th; the 13th's three are the previous period.
    expect(utc).toMatchObject({ total_views: 2, unique_visitors: 1, change: { total_views: -33.3, unique_visitors: -50 } });
  });

  it("computes each card's change against the previous period of the same length, null after an empty one", async () => {
    const { profile, caller } = await creator();
    const link = await caller.link.create({ title: "Shop", url: "shop.example.com" });
    const quiet = await caller.link.create({ title: "Quiet", url: "quiet.example.com" });
    // Previous 7 days (Mar 3..9): 4 views, 1 click. Current (Mar 10..16): 6 views, 3 clicks.
    for (let i = 0; i < 4; i += 1) await recordPageView(profile.id, visit(`2026-03-0${3 + i}T10:00:00Z`, { ip: `198.51.100.${i}` }));
    await recordClick(link.id, visit("2026-03-05T10:00:00Z"));
    for (let i = 0; i < 6; i += 1) await recordPageView(profile.id, visit(`2026-03-1${i}T10:00:00Z`, { ip: `198.51.100.${i}` }));
    for (let i = 0; i < 3; i += 1) await recordClick(link.id, visit(`2026-03-1${i}T11:00:00Z`));

    const { overview, links } = await queries(profile.id, 7, "2026-03-16T20:00:00Z");
    expect(overview).toEqual({
      total_views: 6,
      total_clicks: 3,
      unique_visitors: 6,
      click_rate: 50,
      unique_clickers: 3,
      visitor_click_rate: 50,
      change: { total_views: 50, total_clicks: 200, unique_visitors: 50, click_rate: 100, unique_clickers: 200, visitor_click_rate: 100 },
    });
    expect(links).toEqual([
      { id: link.id, title: "Shop", clicks: 3, unique_clicks: 3, click_percentage: 100, ctr: 50, trend: 200, counted_as: "clicks" },
      { id: quiet.id, title: "Quiet", clicks: 0, unique_clicks: 0, click_percentage: 0, ctr: 0, trend: null, counted_as: "clicks" },
    ]);
    const empty = await queries(profile.id, 7, "2026-03-02T20:00:00Z");
    expect(empty.overview).toEqual({
      total_views: 0,
      total_clicks: 0,
      unique_visitors: 0,
      click_rate: 0,
      unique_clickers: 0,
      visitor_click_rate: 0,
      change: {
        total_views: null,
        total_clicks: null,
        unique_visitors: null,
        click_rate: null,
        unique_clickers: null,
        visitor_click_rate: null,
      },
    });
    expect(empty.devices).toEqual([]);
    expect(empty.locations).toEqual([]);
  });

  it("agrees with a count over the raw events in every zone and period (random events)", async () => {
    const { profile, caller } = await creator();
    const links = [
      await caller.link.create({ title: "A", url: "a.example.com" }),
      await caller.link.create({ title: "B", url: "b.example.com" }),
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const now = Date.parse("2026-05-20T13:37:00Z");
    const agents = [UA.desktop, UA.mobile, UA.tablet];
    const ips = ["8.8.8.8", "81.2.69.142", "1.1.1.1", "2001:db8::2", "203.0.113.9", "5.255.255.5"];
    const pending: Promise<unknown>[] = [];
    // Spread over 65 days, at least 1.6 hours apart, so no event is another's repeat (one count per address per hour).
    for (let i = 0; i < 600; i += 1) {
      const at = new Date(now - i * 9_360_000 - Math.floor(random() * 3_600_000));
      const who = { ip: ips[Math.floor(random() * ips.length)]!, userAgent: agents[Math.floor(random() * agents.length)]!, now: at };
      if (random() < 0.6) pending.push(recordPageView(profile.id, { ...visit(at.toISOString()), ...who }));
      else pending.push(recordClick(links[Math.floor(random() * 2)]!.id, { ...visit(at.toISOString()), ...who }));
    }
    await Promise.all(pending);
    const events = await sql().query<{
      type: string;
      link_id: string | null;
      created_at: Date;
      device_type: string;
      country: string;
      visitor_hash: string;
    }>(`SELECT type::text AS type, link_id, created_at, device_type, country, visitor_hash FROM "AnalyticsEvent" WHERE profile_id = $1`, [
      profile.id,
    ]);
    expect(events).toHaveLength(600);

    for (const tz of [undefined, "Asia/Kolkata", "America/New_York", "Pacific/Chatham", "Asia/Kathmandu"]) {
      for (const days of [7, 30] as const) {
        const period = periodOf(days, tz ?? "UTC", new Date(now));
        const localDate = new Intl.DateTimeFormat("en-CA", { timeZone: tz ?? "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
        const inRange = (e: (typeof events)[number], r: { start: number; end: number }) =>
          e.created_at.getTime() >= r.start && e.created_at.getTime() < r.end;
        const views = events.filter((e) => e.type === "view" && inRange(e, period.current));
        const clicks = events.filter((e) => e.type === "click" && inRange(e, period.current));
        const uniques = new Set(views.map((e) => `${e.created_at.toISOString().slice(0, 10)} ${e.visitor_hash}`)).size;
        const result = await queries(profile.id, days, new Date(now).toISOString(), tz);

        expect(result.overview).toMatchObject({ total_views: views.length, total_clicks: clicks.length, unique_visitors: uniques });
        expect(result.timeline).toEqual(
          period.dates.map((date) => ({
            date,
            views: views.filter((e) => localDate.format(e.created_at) === date).length,
            clicks: clicks.filter((e) => localDate.format(e.created_at) === date).length,
          })),
        );
        for (const link of result.links) {
          const mine = clicks.filter((e) => e.link_id === link.id);
          expect(link.clicks).toBe(mine.length);
          expect(link.unique_clicks).toBe(new Set(mine.map((e) => `${e.created_at.toISOString().slice(0, 10)} ${e.visitor_hash}`)).size);
        }
        const deviceCounts = Object.fromEntries(result.devices.map((d) => [d.device_type, d.count]));
        for (const type of ["desktop", "mobile", "tablet"]) {
          expect(deviceCounts[type] ?? 0).toBe(views.filter((e) => e.device_type === type).length);
        }
        expect(result.locations.reduce((sum, l) => sum + l.visits, 0)).toBe(views.length);
      }
    }
  });
});

describe("analytics router", () => {
  it("refuses other periods and unknown zones with clear messages, and guests", async () => {
    const { caller } = await creator();
    const message = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TRPCError);
      return [(error as TRPCError).code, (error as TRPCError).message];
    };
    // @ts-expect-error 14 is not a period
    expect(await message(caller.analytics.overview({ days: 14 }))).toEqual(["BAD_REQUEST", "days must be 7, 30 or 90"]);
    expect(await message(caller.analytics.timeline({ days: 7, tz: "Mars/Olympus" }))).toEqual(["BAD_REQUEST", "Unknown time zone"]);
    expect(await message(callerFor(null).analytics.overview({ days: 7 }))).toEqual([
      "UNAUTHORIZED",
      "Authentication credentials were not provided.",
    ]);
    const user = await registeredUser("noprofile");
    expect((await message(user.caller.analytics.devices({ days: 7 })))[0]).toBe("NOT_FOUND");
  });

  it("answers the five calls for the current profile on the real clock", async () => {
    const { caller, profile } = await creator();
    const link = await caller.link.create({ title: "Now", url: "now.example.com" });
    await recordPageView(profile.id, visit(new Date().toISOString(), { now: undefined, ip: "81.2.69.142", userAgent: UA.mobile }));
    await recordClick(link.id, visit(new Date().toISOString(), { now: undefined, ip: "81.2.69.142", userAgent: UA.mobile }));

    expect(await caller.analytics.overview({ days: 7, tz: "Europe/London" })).toMatchObject({
      total_views: 1,
      total_clicks: 1,
      unique_visitors: 1,
    });
    expect((await caller.analytics.links({ days: 30 })).links).toMatchObject([{ id: link.id, clicks: 1, unique_clicks: 1 }]);
    const timeline = (await caller.analytics.timeline({ days: 90 })).data;
    expect(timeline).toHaveLength(90);
    expect(timeline.at(-1)).toMatchObject({ views: 1, clicks: 1 });
    expect(await caller.analytics.devices({ days: 7 })).toEqual({ devices: [{ device_type: "mobile", count: 1, percentage: 100 }] });
    expect(await caller.analytics.locations({ days: 7 })).toEqual({
      locations: [{ name: "United Kingdom", country: "United Kingdom", code: "GB", count: 1, visits: 1, percentage: 100 }],
    });
    const csv = await caller.analytics.export({ days: 30 });
    expect(csv.filename).toMatch(new RegExp(`^linkbio-${profile.slug}-last-30-days-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  });
});

describe("CSV export", () => {
  it("holds the daily timeline and the link table, properly quoted", async () => {
    const { caller, profile } = await creator();
    const quoted = await caller.link.create({ title: 'Shop, "new" items', url: "shop.example.com" });
    const formula = await caller.link.create({ title: '=HYPERLINK("x")', url: "x.example.com" });
    await recordPageView(profile.id, visit("2026-03-09T10:00:00Z"));
    await recordClick(quoted.id, visit("2026-03-09T10:01:00Z"));
    await recordPageView(profile.id, visit("2026-03-10T10:00:00Z"));
    await recordPageView(profile.id, visit("2026-03-10T11:00:00Z", { ip: "8.8.4.4" }));
    await recordClick(quoted.id, visit("2026-03-10T10:01:00Z"));
    await recordClick(formula.id, visit("2026-03-10T11:01:00Z", { ip: "8.8.4.4" }));
    await recordClick(quoted.id, visit("2026-03-02T10:01:00Z"));

    const { filename, content } = await exportAnalytics(sql(), {
      profileId: profile.id,
      slug: profile.slug,
      days: 7,
      now: new Date("2026-03-10T20:00:00Z"),
    });
    const csv = content.slice(0, content.indexOf("\r\nTotal,"));
    expect(filename).toBe(`linkbio-${profile.slug}-last-7-days-2026-03-10.csv`);
    expect(csv).toBe(
      [
        "Date,Views,Clicks",
        "2026-03-04,0,0",
        "2026-03-05,0,0",
        "2026-03-06,0,0",
        "2026-03-07,0,0",
        "2026-03-08,0,0",
        "2026-03-09,1,1",
        "2026-03-10,2,2",
        "",
        "Link,Clicks,Unique Clicks,CTR (%),Trend (%)",
        '"Shop, ""new"" items",2,2,66.7,100',
        `"'=HYPERLINK(""x"")",1,1,33.3,`,
        "",
      ].join("\r\n"),
    );
  });
});
