import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsFilters } from "@/lib/schemas/analytics";
import { getDatabase } from "@/server/db/client";
import { handleRestRequest } from "@/server/rest/handler";
import { utmOfPage, arrivalOf } from "@/server/services/analytics/arrival";
import { getBrowsers, getLocations, getOperatingSystems, getReferrers, getUtm } from "@/server/services/analytics/breakdowns";
import { exportAnalytics } from "@/server/services/analytics/export";
import { flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { getLinkDetail } from "@/server/services/analytics/link-detail";
import { getLinkAnalytics, getOverview, getTimeline, type AnalyticsScope } from "@/server/services/analytics/queries";
import { getRealtime } from "@/server/services/analytics/realtime";
import { referrerName } from "@/server/services/analytics/referrer-names";
import { applyAnalyticsRetention, ensureEventPartitions, eventPartitions } from "@/server/services/analytics/retention";
import { reloadVisitorConfig } from "@/server/services/analytics/visitor";
import { callerFor, registeredUser } from "./helpers";

const UA = {
  chrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
};

const sql = () => getDatabase().sql;

async function creator() {
  const user = await registeredUser("depth");
  const profile = await user.caller.profile.updateSlug({ slug: `d_${randomUUID().slice(0, 8)}` });
  const first = await user.caller.link.create({ title: "First", url: "first.example.com" });
  const second = await user.caller.link.create({ title: "Second", url: "second.example.com" });
  return { ...user, profile, first, second };
}

function visit(at: string, country: string, options: Partial<VisitContext> = {}): VisitContext {
  return { ip: "10.0.0.1", userAgent: UA.chrome, referrer: null, headers: { "cf-ipcountry": country }, now: new Date(at), ...options };
}

beforeEach(() => {
  process.env.COUNTRY_HEADER = "cf-ipcountry";
  reloadVisitorConfig();
});
afterEach(() => {
  delete process.env.COUNTRY_HEADER;
  reloadVisitorConfig();
});

const NOW = new Date("2026-03-12T10:00:00Z");

/**
 * Four visitors on 2026-03-10 (UTC): A (US, Chrome on Windows, from l.instagram.com with a
 * newsletter UTM) clicks First; B (GB, iPhone, from instagram.com, utm_source=instagram) clicks
 * First and Second; C (DE, Firefox on Linux) comes directly; D (US, iPad) through the QR code.
 */
async function fourVisitors() {
  const fixture = await creator();
  const { profile, first, second } = fixture;
  const page = `http://localhost/u/${profile.slug}`;
  const a = { ip: "10.0.0.1", userAgent: UA.chrome };
  const b = { ip: "10.0.0.2", userAgent: UA.iphone };
  const newsletter = { source: "newsletter", medium: "email", campaign: "spring" };
  const instagram = { source: "instagram", medium: "", campaign: "" };
  await recordPageView(
    profile.id,
    visit("2026-03-10T09:00:00Z", "US", { ...a, referrer: "https://l.instagram.com/?u=x", utm: newsletter }),
  );
  await recordPageView(
    profile.id,
    visit("2026-03-10T10:00:00Z", "GB", { ...b, referrer: "https://www.instagram.com/maya", utm: instagram }),
  );
  await recordPageView(profile.id, visit("2026-03-10T11:00:00Z", "DE", { ip: "10.0.0.3", userAgent: UA.firefox }));
  await recordPageView(profile.id, visit("2026-03-10T12:00:00Z", "US", { ip: "10.0.0.4", userAgent: UA.ipad, viaQrCode: true }));
  await recordClick(first.id, visit("2026-03-10T09:01:00Z", "US", { ...a, referrer: page, utm: newsletter }));
  await recordClick(first.id, visit("2026-03-10T10:01:00Z", "GB", { ...b, referrer: page, utm: instagram }));
  await recordClick(second.id, visit("2026-03-10T10:02:00Z", "GB", { ...b, referrer: page, utm: instagram }));
  await flushAnalytics();
  return fixture;
}

const scopeOf = (profileId: string, filters: AnalyticsFilters = {}, extra: Partial<AnalyticsScope> = {}): AnalyticsScope => ({
  profileId,
  days: 7,
  now: NOW,
  filters,
  ...extra,
});

describe("breakdowns", () => {
  it("lists browsers, operating systems, UTM values and referrers by name, as {name, count, percentage} sorted by count", async () => {
    const { profile } = await fourVisitors();
    const scope = scopeOf(profile.id);
    expect(await getBrowsers(sql(), scope)).toEqual({
      browsers: [
        { name: "Mobile Safari", count: 2, percentage: 50 },
        { name: "Chrome", count: 1, percentage: 25 },
        { name: "Firefox", count: 1, percentage: 25 },
      ],
    });
    expect(await getOperatingSystems(sql(), scope)).toEqual({
      os: [
        { name: "iOS", count: 2, percentage: 50 },
        { name: "Linux", count: 1, percentage: 25 },
        { name: "Windows", count: 1, percentage: 25 },
      ],
    });
    // l.instagram.com and instagram.com are one "Instagram"; the old fields stay beside the new ones.
    expect(await getReferrers(sql(), scope)).toEqual({
      referrers: [
        { name: "Instagram", count: 2, percentage: 50, referrer: "Instagram", visits: 2 },
        { name: "Direct", count: 1, percentage: 25, referrer: "Direct", visits: 1 },
        { name: "QR code", count: 1, percentage: 25, referrer: "QR code", visits: 1 },
      ],
    });
    expect(await getUtm(sql(), scope, "source")).toEqual({
      utm: [
        { name: "instagram", count: 1, percentage: 50 },
        { name: "newsletter", count: 1, percentage: 50 },
      ],
    });
    expect((await getUtm(sql(), scope, "medium")).utm).toEqual([{ name: "email", count: 1, percentage: 100 }]);
    expect((await getUtm(sql(), scope, "campaign")).utm).toEqual([{ name: "spring", count: 1, percentage: 100 }]);
  });

  it("names every country, beyond the top five", async () => {
    const { profile } = await creator();
    const countries = ["US", "US", "GB", "DE", "FR", "JP", "BR", "IN"];
    for (const [i, country] of countries.entries()) {
      await recordPageView(profile.id, visit("2026-03-10T09:00:00Z", country, { ip: `10.1.0.${i}` }));
    }
    const { locations } = await getLocations(sql(), scopeOf(profile.id));
    expect(locations).toHaveLength(7);
    expect(locations[0]).toEqual({ name: "United States", count: 2, percentage: 25, country: "United States", visits: 2, code: "US" });
    expect(locations.map((l) => l.name).slice(1)).toEqual(["Brazil", "France", "Germany", "India", "Japan", "United Kingdom"]);
  });

  it("groups referrer hosts by site", () => {
    expect(
      ["l.instagram.com", "instagram.com", "m.facebook.com", "t.co", "google.com.br", "news.example.org", ""].map(referrerName),
    ).toEqual(["Instagram", "Instagram", "Facebook", "X (Twitter)", "Google", "news.example.org", "Direct"]);
  });

  it("reads utm_* from the arrival address and from the page address a click beacon sends", () => {
    expect(arrivalOf("utm_source=news&utm_medium=email&ref=qr")).toEqual({
      viaQrCode: true,
      utm: { source: "news", medium: "email", campaign: "" },
    });
    expect(arrivalOf("")).toEqual({ viaQrCode: false, utm: { source: "", medium: "", campaign: "" } });
    expect(utmOfPage("http://localhost/u/maya?utm_campaign=spring#top")).toEqual({ source: "", medium: "", campaign: "spring" });
    expect(utmOfPage(`http://localhost/u/maya?utm_source=${"x".repeat(300)}`).source).toHaveLength(100);
  });
});

describe("filters", () => {
  it("combine: AND between filters, any of one filter's values, on every call", async () => {
    const { profile, first, second } = await fourVisitors();
    const overview = async (filters: AnalyticsFilters) => getOverview(sql(), scopeOf(profile.id, filters));

    expect(await overview({ country: ["US"] })).toMatchObject({ total_views: 2, total_clicks: 1, unique_visitors: 2, unique_clickers: 1 });
    expect(await overview({ country: ["United States"], device: ["desktop"] })).toMatchObject({
      total_views: 1,
      total_clicks: 1,
      unique_visitors: 1,
      visitor_click_rate: 100,
    });
    expect(await overview({ country: ["US", "gb"] })).toMatchObject({
      total_views: 3,
      total_clicks: 3,
      unique_visitors: 3,
      unique_clickers: 2,
    });
    expect(await overview({ referrer: ["Instagram"] })).toMatchObject({ total_views: 2, unique_visitors: 2 });
    expect(await overview({ browser: ["Mobile Safari"], os: ["iOS"] })).toMatchObject({
      total_views: 2,
      total_clicks: 2,
      unique_clickers: 1,
    });
    expect(await overview({ utm_source: ["instagram"] })).toMatchObject({ total_views: 1, total_clicks: 2, unique_clickers: 1 });
    expect(await overview({ country: ["DE"], device: ["mobile"] })).toMatchObject({ total_views: 0, total_clicks: 0, unique_visitors: 0 });
    expect(await overview({ country: ["Atlantis"] })).toMatchObject({ total_views: 0 });

    const gb = scopeOf(profile.id, { country: ["GB"] });
    expect((await getLinkAnalytics(sql(), gb)).links).toEqual([
      { id: first.id, title: "First", clicks: 1, unique_clicks: 1, click_percentage: 50, ctr: 100, trend: null, counted_as: "clicks" },
      { id: second.id, title: "Second", clicks: 1, unique_clicks: 1, click_percentage: 50, ctr: 100, trend: null, counted_as: "clicks" },
    ]);
    expect((await getTimeline(sql(), gb)).data.find((p) => p.date === "2026-03-10")).toEqual({ date: "2026-03-10", views: 1, clicks: 2 });
    expect((await getBrowsers(sql(), gb)).browsers).toEqual([{ name: "Mobile Safari", count: 1, percentage: 100 }]);
    expect((await getReferrers(sql(), scopeOf(profile.id, { device: ["desktop"] }))).referrers.map((r) => r.name)).toEqual([
      "Direct",
      "Instagram",
    ]);
    expect((await getLocations(sql(), scopeOf(profile.id, { browser: ["Firefox"] }))).locations.map((l) => l.code)).toEqual(["DE"]);
    expect((await getUtm(sql(), scopeOf(profile.id, { country: ["US"] }), "source")).utm.map((u) => u.name)).toEqual(["newsletter"]);
  });

  it("are accepted by tRPC and by REST as repeated parameters", async () => {
    const { caller, profile, email, password } = await creator();
    await recordPageView(profile.id, visit(new Date().toISOString(), "US", { now: undefined }));
    await recordPageView(profile.id, visit(new Date().toISOString(), "FR", { now: undefined, ip: "10.0.0.9" }));
    await recordPageView(profile.id, visit(new Date().toISOString(), "JP", { now: undefined, ip: "10.0.0.8" }));
    await flushAnalytics();
    expect((await caller.analytics.overview({ country: ["US", "FR"] })).total_views).toBe(2);

    const login = await handleRestRequest(
      new Request("http://localhost/api/v1/auth/login/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      }),
    );
    const { access } = (await login.json()) as { access: string };
    const get = async (path: string) => {
      const response = await handleRestRequest(
        new Request(`http://localhost/api/v1${path}`, { headers: { authorization: `Bearer ${access}` } }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await get("/analytics/overview/?country=US&country=FR")).body).toMatchObject({ total_views: 2 });
    expect((await get("/analytics/locations/?country=JP")).body).toMatchObject({ locations: [{ name: "Japan", count: 1 }] });
    expect((await get("/analytics/browsers/")).body).toEqual({ browsers: [{ name: "Chrome", count: 3, percentage: 100 }] });
    expect((await get("/analytics/os/")).body).toEqual({ os: [{ name: "Windows", count: 3, percentage: 100 }] });
    expect((await get("/analytics/utm/?field=campaign")).body).toEqual({ utm: [] });
    expect((await get("/analytics/realtime/")).body).toMatchObject({ views: 3, clicks: 0 });

    // Another account's link is 404, over REST and tRPC.
    const stranger = await creator();
    expect((await get(`/analytics/links/${stranger.first.id}/`)).status).toBe(404);
    await expect(caller.analytics.link({ id: stranger.first.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("time", () => {
  it("answers custom ranges of local days at the zone's boundaries, with the previous period of the same length", async () => {
    const { profile } = await creator();
    // Kolkata is UTC+5:30: 2026-03-10 there is [03-09T18:30Z, 03-10T18:30Z).
    await recordPageView(profile.id, visit("2026-03-09T18:29:00Z", "IN", { ip: "10.2.0.1" }));
    await recordPageView(profile.id, visit("2026-03-09T18:30:00Z", "IN", { ip: "10.2.0.2" }));
    await recordPageView(profile.id, visit("2026-03-10T18:29:00Z", "IN", { ip: "10.2.0.3" }));
    await recordPageView(profile.id, visit("2026-03-10T18:30:00Z", "IN", { ip: "10.2.0.4" }));
    const day = scopeOf(profile.id, {}, { tz: "Asia/Kolkata", from: "2026-03-10", to: "2026-03-10" });
    expect(await getOverview(sql(), day)).toMatchObject({ total_views: 2, unique_visitors: 2, change: { total_views: 100 } });
    expect((await getTimeline(sql(), day)).data).toEqual([{ date: "2026-03-10", views: 2, clicks: 0 }]);
    // The same with a filter (raw events) agrees.
    expect(await getOverview(sql(), { ...day, filters: { country: ["IN"] } })).toMatchObject({ total_views: 2, unique_visitors: 2 });
    const utcDay = scopeOf(profile.id, {}, { from: "2026-03-10", to: "2026-03-10" });
    expect(await getOverview(sql(), utcDay)).toMatchObject({ total_views: 2, unique_visitors: 2 });
    const twoDays = scopeOf(profile.id, {}, { tz: "Asia/Kolkata", from: "2026-03-10", to: "2026-03-11" });
    expect((await getTimeline(sql(), twoDays)).data.map((p) => p.views)).toEqual([2, 1]);
  });

  it("gives an hourly series in local hours across a DST change: 23 hours on 8 March 2026 in New York, 25 on 1 November", async () => {
    const { profile } = await creator();
    // 01:30 EST, then 03:30 EDT (02:00 does not exist that night).
    await recordPageView(profile.id, visit("2026-03-08T06:30:00Z", "US", { ip: "10.3.0.1" }));
    await recordPageView(profile.id, visit("2026-03-08T07:30:00Z", "US", { ip: "10.3.0.2" }));
    const spring = scopeOf(profile.id, {}, { tz: "America/New_York", from: "2026-03-08", to: "2026-03-08" });
    const hours = (await getTimeline(sql(), spring, "hour")).data;
    expect(hours).toHaveLength(23);
    expect(hours.slice(0, 4)).toEqual([
      { date: "2026-03-08T00:00-05:00", views: 0, clicks: 0 },
      { date: "2026-03-08T01:00-05:00", views: 1, clicks: 0 },
      { date: "2026-03-08T03:00-04:00", views: 1, clicks: 0 },
      { date: "2026-03-08T04:00-04:00", views: 0, clicks: 0 },
    ]);
    // 01:30 EDT and 01:30 EST are two different hours.
    await recordPageView(profile.id, visit("2026-11-01T05:30:00Z", "US", { ip: "10.3.0.3" }));
    await recordPageView(profile.id, visit("2026-11-01T06:30:00Z", "US", { ip: "10.3.0.4" }));
    const autumn = scopeOf(
      profile.id,
      {},
      { tz: "America/New_York", from: "2026-11-01", to: "2026-11-01", now: new Date("2026-11-02T12:00:00Z") },
    );
    for (const scope of [autumn, { ...autumn, filters: { country: ["US"] } }]) {
      const data = (await getTimeline(sql(), scope, "hour")).data;
      expect(data).toHaveLength(25);
      expect(data.slice(1, 3)).toEqual([
        { date: "2026-11-01T01:00-04:00", views: 1, clicks: 0 },
        { date: "2026-11-01T01:00-05:00", views: 1, clicks: 0 },
      ]);
    }
    // Kolkata's hours start at half past the UTC hour.
    const kolkata = (await getTimeline(sql(), scopeOf(profile.id, {}, { tz: "Asia/Kolkata", days: 7 }), "hour")).data;
    // It stops at the current hour (NOW is 15:30 in Kolkata): no hours from the future.
    expect(kolkata).toHaveLength(6 * 24 + 16);
    expect(kolkata[0]!.date).toBe("2026-03-06T00:00+05:30");
    expect(kolkata.at(-1)!.date).toBe("2026-03-12T15:00+05:30");
    const today = (await getTimeline(sql(), scopeOf(profile.id, { country: ["IN"] }, { from: "2026-03-12", to: "2026-03-12" }), "hour"))
      .data;
    expect(today.map((point) => point.date.slice(11, 16))).toEqual(
      Array.from({ length: 11 }, (_, h) => `${String(h).padStart(2, "0")}:00`),
    );
  });

  it("refuses ranges over 366 days and hourly series over 7 days", async () => {
    const { caller } = await creator();
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "ok",
        (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
      );
    expect(await codeOf(caller.analytics.overview({ from: "2025-01-01", to: "2026-01-02" }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.analytics.overview({ from: "2025-01-01", to: "2026-01-01" }))).toBe("ok");
    expect(await codeOf(caller.analytics.timeline({ days: 30, interval: "hour" }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.analytics.timeline({ from: "2026-03-01", to: "2026-03-07", interval: "hour" }))).toBe("ok");
    expect(await codeOf(caller.analytics.timeline({ from: "2026-03-01", to: "2026-03-08", interval: "hour" }))).toBe("BAD_REQUEST");
  });

  it("counts the last 30 minutes for the live card", async () => {
    const { profile, first } = await creator();
    await recordPageView(profile.id, visit("2026-03-12T09:29:00Z", "US", { ip: "10.4.0.1" }));
    await recordPageView(profile.id, visit("2026-03-12T09:31:00Z", "US", { ip: "10.4.0.2" }));
    await recordPageView(profile.id, visit("2026-03-12T09:59:00Z", "GB", { ip: "10.4.0.3" }));
    await recordClick(first.id, visit("2026-03-12T09:59:30Z", "GB", { ip: "10.4.0.3" }));
    expect(await getRealtime(sql(), scopeOf(profile.id))).toEqual({ views: 2, clicks: 1, since: "2026-03-12T09:30:00.000Z" });
    expect(await getRealtime(sql(), scopeOf(profile.id, { country: ["US"] }))).toMatchObject({ views: 1, clicks: 0 });
  });
});

describe("unique clickers", () => {
  it("give the visitors who clicked, never over 100 %, beside clicks per view", async () => {
    const { profile } = await fourVisitors();
    expect(await getOverview(sql(), scopeOf(profile.id))).toMatchObject({
      total_views: 4,
      total_clicks: 3,
      unique_visitors: 4,
      click_rate: 75,
      unique_clickers: 2,
      visitor_click_rate: 50,
    });
    // A clicker whose page view was a repeat (not counted again) cannot push the rate past 100 %.
    const { profile: busy, first, second } = await creator();
    await recordPageView(busy.id, visit("2026-03-10T09:00:00Z", "US"));
    await recordClick(first.id, visit("2026-03-10T09:01:00Z", "US"));
    await recordClick(second.id, visit("2026-03-10T09:02:00Z", "US"));
    await recordClick(first.id, visit("2026-03-10T09:03:00Z", "US", { ip: "10.9.9.9" }));
    expect(await getOverview(sql(), scopeOf(busy.id))).toMatchObject({
      click_rate: 300,
      unique_visitors: 1,
      unique_clickers: 2,
      visitor_click_rate: 100,
    });
  });
});

describe("one link's detail", () => {
  it("holds its clicks, unique clicks, timeline, and where its clicks came from", async () => {
    const { profile, first } = await fourVisitors();
    const detail = await getLinkDetail(sql(), scopeOf(profile.id), first.id);
    expect(detail).toMatchObject({ id: first.id, title: "First", clicks: 2, unique_clicks: 2 });
    expect(detail.timeline).toHaveLength(7);
    expect(detail.timeline.find((p) => p.date === "2026-03-10")).toEqual({ date: "2026-03-10", clicks: 2 });
    // Each click takes the referrer its visitor arrived with, not the page address the beacon sends.
    expect(detail.referrers).toEqual([{ name: "Instagram", count: 2, percentage: 100 }]);
    expect(detail.countries).toEqual([
      { name: "United Kingdom", count: 1, percentage: 50 },
      { name: "United States", count: 1, percentage: 50 },
    ]);
    expect(detail.devices).toEqual([
      { name: "desktop", count: 1, percentage: 50 },
      { name: "mobile", count: 1, percentage: 50 },
    ]);
    expect(await getLinkDetail(sql(), scopeOf(profile.id, { country: ["GB"] }), first.id)).toMatchObject({ clicks: 1, unique_clicks: 1 });
    const stranger = await creator();
    await expect(getLinkDetail(sql(), scopeOf(profile.id), stranger.first.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("export", () => {
  it("writes every breakdown of the range and filters as CSV or JSON", async () => {
    const { profile } = await fourVisitors();
    const scope = { ...scopeOf(profile.id, { country: ["US"] }, { from: "2026-03-09", to: "2026-03-11" }), slug: profile.slug };
    const csv = await exportAnalytics(sql(), scope, "csv");
    expect(csv.filename).toBe(`linkbio-${profile.slug}-2026-03-09-to-2026-03-11.csv`);
    expect(csv.content_type).toBe("text/csv");
    for (const header of [
      "Browser,Views,Share (%)",
      "Operating system,Views,Share (%)",
      "UTM source,Views,Share (%)",
      "Referrer,Views,Share (%)",
    ]) {
      expect(csv.content).toContain(header);
    }
    expect(csv.content).toContain("\r\nnewsletter,1,100\r\n");
    expect(csv.content).toContain("\r\nQR code,1,50\r\n");
    const json = await exportAnalytics(sql(), scope, "json");
    const document = JSON.parse(json.content) as Record<string, unknown>;
    expect(document).toMatchObject({
      from: "2026-03-09",
      to: "2026-03-11",
      filters: { country: ["US"] },
      overview: { total_views: 2 },
      browsers: [
        { name: "Chrome", count: 1, percentage: 50 },
        { name: "Mobile Safari", count: 1, percentage: 50 },
      ],
    });
    expect(Object.keys(document)).toEqual(
      expect.arrayContaining(["timeline", "links", "devices", "countries", "referrers", "os", "utm_source", "utm_medium", "utm_campaign"]),
    );
  });
});

describe("retention", () => {
  it("drops raw monthly partitions past the retention while the rollups keep answering", async () => {
    const { profile, first } = await creator();
    // January 2001 is this test's own month: no other test stores events there.
    await ensureEventPartitions(sql(), new Date("2001-01-15T00:00:00Z"));
    await recordPageView(profile.id, visit("2001-01-15T09:00:00Z", "US", { ip: "10.5.0.1" }));
    await recordPageView(profile.id, visit("2001-01-15T10:00:00Z", "GB", { ip: "10.5.0.2" }));
    await recordClick(first.id, visit("2001-01-15T10:01:00Z", "GB", { ip: "10.5.0.2" }));
    // An event of a month without a partition waits in the default one.
    await recordPageView(profile.id, visit("2001-05-02T09:00:00Z", "FR", { ip: "10.5.0.3" }));
    const january = scopeOf(profile.id, {}, { from: "2001-01-01", to: "2001-01-31", now: new Date("2001-02-01T00:00:00Z") });
    const filtered = { ...january, filters: { country: ["GB"] } };
    expect(await getOverview(sql(), filtered)).toMatchObject({ total_views: 1, total_clicks: 1 });
    expect((await eventPartitions(sql())).map((p) => p.name)).toContain("AnalyticsEvent_2001_01");

    const result = await applyAnalyticsRetention(sql(), { months: 13, now: new Date("2002-03-10T00:00:00Z") });
    expect(result.keptFrom).toBe("2001-02-01T00:00:00.000Z");
    expect(result.droppedPartitions).toContain("AnalyticsEvent_2001_01");
    expect(result.droppedPartitions).not.toContain("AnalyticsEvent_2001_02");
    expect((await eventPartitions(sql())).map((p) => p.name)).not.toContain("AnalyticsEvent_2001_01");
    const [raw] = await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM "AnalyticsEvent" WHERE profile_id = $1`, [profile.id]);
    expect(raw!.n).toBe(1);

    // The rollups still answer January, uniques included; only filtered answers needed the raw rows.
    expect(await getOverview(sql(), january)).toMatchObject({ total_views: 2, total_clicks: 1, unique_visitors: 2, unique_clickers: 1 });
    expect((await getBrowsers(sql(), january)).browsers).toEqual([{ name: "Chrome", count: 2, percentage: 100 }]);
    expect(await getOverview(sql(), filtered)).toMatchObject({ total_views: 0 });
    // Repeating it changes nothing.
    expect((await applyAnalyticsRetention(sql(), { months: 13, now: new Date("2002-03-10T00:00:00Z") })).droppedPartitions).toEqual([]);
  });
});

describe("hostile analytics input", () => {
  it("refuses bad filters and ranges over tRPC with the field named", async () => {
    const caller = callerFor((await registeredUser("hostile-analytics")).id);
    const fieldOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return "accepted";
      } catch (error) {
        const cause = (error as TRPCError & { cause?: { issues?: { path: string[] }[] } }).cause;
        return `${(error as TRPCError).code} ${cause?.issues?.[0]?.path.join(".") ?? ""}`;
      }
    };
    expect(await fieldOf(caller.analytics.browsers({ country: ["x".repeat(101)] }))).toBe("BAD_REQUEST country.0");
    expect(await fieldOf(caller.analytics.os({ os: Array(21).fill("x") }))).toBe("BAD_REQUEST os");
    expect(await fieldOf(caller.analytics.overview({ from: "2026-13-01", to: "2026-13-02" }))).toBe("BAD_REQUEST from");
    expect(await fieldOf(caller.analytics.export({ format: "xml" as "csv" }))).toBe("BAD_REQUEST format");
    expect(await fieldOf(caller.analytics.utm({ field: "term" as "source" }))).toBe("BAD_REQUEST field");
  });
});
