// Insights' event cache (services/analytics/event-cache/) answers filtered calls, and the cut days
// of unfiltered ones, exactly as the raw-event SQL does, stays current as events are written, and
// misses no late, out-of-order commit.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsFilters } from "@/lib/schemas/analytics";
import { getDatabase } from "@/server/db/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { ProfileEvents, TRAITS } from "@/server/services/analytics/event-cache/columns";
import { loadProfile } from "@/server/services/analytics/event-cache/refresh";
import { cachedDayPartUniques } from "@/server/services/analytics/cached-day-parts";
import {
  clearEventCache,
  EVENT_CACHE_IDLE_MS,
  eventCacheSize,
  letIdleProfilesGo,
  loadedEvents,
} from "@/server/services/analytics/event-cache/store";
import { EVENT_COLUMNS, type EventColumn } from "@/server/services/analytics/event-columns";
import { clicksByArrivalReferrer, eventsBy, eventSlots, eventTotals, type EventQuery } from "@/server/services/analytics/events";
import { filteredArrivalReferrers, filteredBy, filteredLinks, filteredSlots, filteredTotals } from "@/server/services/analytics/filtered";
import { flushAnalytics, recordClick, recordPageView } from "@/server/services/analytics/ingest";
import { getLinkDetail } from "@/server/services/analytics/link-detail";
import { change, getLinkAnalytics, getOverview, type AnalyticsScope } from "@/server/services/analytics/queries";
import { DAY_MS, parseDay, periodBetween, periodOf, localDay, type Range } from "@/server/services/analytics/periods";
import { periodFor } from "@/server/services/analytics/scope";
import { registeredUser } from "./helpers";

const sql = () => getDatabase().sql;

interface SeedEvent {
  type: "view" | "click";
  link: string | null;
  at: number;
  device: string;
  browser: string;
  os: string;
  country: string;
  referrer: string;
  hash: string;
  utm: [string, string, string];
}

const INSERT = `INSERT INTO "AnalyticsEvent" (type, profile_id, link_id, created_at, device_type, browser, os, country, referrer_host, visitor_hash, utm_source, utm_medium, utm_campaign)
  SELECT t::"AnalyticsEventType", $1, l, a, d, b, o, c, r, h, us, um, uc
    FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
      AS u(t, l, a, d, b, o, c, r, h, us, um, uc)`;

async function insertEvents(target: SqlTarget, profileId: string, events: SeedEvent[]): Promise<void> {
  const column = (f: (e: SeedEvent) => unknown) => events.map(f);
  await target.query(INSERT, [
    profileId,
    column((e) => e.type),
    column((e) => e.link),
    column((e) => new Date(e.at).toISOString()),
    column((e) => e.device),
    column((e) => e.browser),
    column((e) => e.os),
    column((e) => e.country),
    column((e) => e.referrer),
    column((e) => e.hash),
    column((e) => e.utm[0]),
    column((e) => e.utm[1]),
    column((e) => e.utm[2]),
  ]);
  // The referrer filter finds a profile's hosts in the daily rollups, as the writer keeps them.
  await target.query(
    `INSERT INTO "AnalyticsDaily" (profile_id, dimension, day, key) SELECT DISTINCT $1, 'referrer', a::date, r
       FROM unnest($2::timestamptz[], $3::text[]) AS u(a, r) ON CONFLICT DO NOTHING`,
    [profileId, events.map((e) => new Date(e.at).toISOString()), events.map((e) => e.referrer)],
  );
}

async function profileWithLinks() {
  const user = await registeredUser("cache");
  const profile = await user.caller.profile.updateSlug({ slug: `c_${randomUUID().slice(0, 8)}` });
  return {
    caller: user.caller,
    profileId: profile.id,
    links: ["link-a", "link-b", "link-c"].map((name) => `${name}-${randomUUID().slice(0, 6)}`),
  };
}

/** Random events over `days` days before `end`; visitors come back within a UTC day (their hash is per day, as the real one). */
function randomEvents(links: string[], end: number, days: number, count: number, seed: number): SeedEvent[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const devices = ["mobile", "desktop", "tablet"];
  const browsers = ["Chrome", "Safari", "Firefox", ""];
  const systems = ["iOS", "Windows", "Android", ""];
  const countries = ["US", "GB", "DE", "IN", "ZZ"];
  const referrers = ["", "l.instagram.com", "instagram.com", "www.google.com", "google.de", "news.ycombinator.com"];
  const utms: [string, string, string][] = [
    ["", "", ""],
    ["instagram", "social", ""],
    ["newsletter", "email", "spring"],
  ];
  return Array.from({ length: count }, () => {
    const at = end - Math.floor(random() * days * DAY_MS);
    const visitor = Math.floor(random() * 12);
    const click = random() < 0.4;
    return {
      type: click ? "click" : "view",
      link: click ? pick(links) : null,
      at,
      device: devices[visitor % 3]!,
      browser: browsers[visitor % 4]!,
      os: systems[(visitor + 1) % 4]!,
      country: pick(countries),
      referrer: pick(referrers),
      hash: `v${visitor}-${Math.floor(at / DAY_MS)}`,
      utm: pick(utms),
    };
  });
}

const FILTER_SETS: AnalyticsFilters[] = [
  { country: ["US"] },
  { country: ["US", "gb"], device: ["mobile"] },
  { referrer: ["Instagram"], utm_source: ["instagram"] },
  { browser: ["Unknown"], os: ["iOS", "Windows"] },
  { referrer: ["Direct", "Google"], country: ["Germany", "IN"], device: ["desktop", "tablet"] },
  { country: ["Atlantis"] },
];

const byKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
const viewsAndClicks = (rows: { key: string; views: number; clicks: number }[]) =>
  byKey(rows.map(({ key, views, clicks }) => ({ key, views, clicks })));

/** Every answer the cache gives equals the raw-event SQL's. */
async function expectSameAsSql(query: EventQuery, range: Range): Promise<void> {
  const label = JSON.stringify({ query, range });
  // A previous period's pass first, without per-trait counts: the calls below must take them anew.
  expect(byKey(await filteredLinks(sql(), query, range, true)), label).toEqual(byKey(await eventsBy(sql(), query, range, "link")));
  expect(await filteredTotals(sql(), query, [range]), label).toEqual(await eventTotals(sql(), query, [range]));
  expect(byKey(await filteredLinks(sql(), query, range)), label).toEqual(byKey(await eventsBy(sql(), query, range, "link")));
  expect(await filteredSlots(sql(), query, range), label).toEqual(await eventSlots(sql(), query, range));
  for (const column of Object.keys(EVENT_COLUMNS) as EventColumn[]) {
    expect(viewsAndClicks(await filteredBy(sql(), query, range, column)), `${label} ${column}`).toEqual(
      viewsAndClicks(await eventsBy(sql(), query, range, column)),
    );
  }
  if (query.linkId) {
    const arrivals = (rows: { key: string; clicks: number }[]) => byKey(rows.map(({ key, clicks }) => ({ key, clicks })));
    expect(arrivals(await filteredArrivalReferrers(sql(), query, range)), `${label} arrivals`).toEqual(
      arrivals(await clicksByArrivalReferrer(sql(), query, range)),
    );
  }
}

/** Each event as the columns hold it, with its codes spelled out. */
function eventsAsRows(events: ProfileEvents) {
  return Array.from({ length: events.length }, (_, i) => [
    events.at[i],
    events.type[i],
    events.links.values[events.link[i]!],
    ...TRAITS.map((_, t) => events.dictionaries[t]!.values[events.traits[t]![i]!]),
    events.visitor[i],
    events.pair[i],
  ]);
}

beforeEach(() => clearEventCache());

describe("the event cache", () => {
  it("gives the raw-event SQL's answers for combined filters, zones, ranges and one link", async () => {
    const { profileId, links } = await profileWithLinks();
    const now = Date.parse("2026-05-20T13:37:00Z");
    await insertEvents(sql(), profileId, randomEvents(links, now, 100, 1500, 7));

    const ranges: Range[] = [];
    for (const tz of ["UTC", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham"]) {
      const week = periodOf(7, tz, new Date(now));
      ranges.push(tz === "UTC" ? week.previous : week.current, periodOf(90, tz, new Date(now)).current);
      ranges.push(periodBetween(parseDay("2026-03-01"), parseDay("2026-04-15"), tz, localDay(tz, now)).current);
    }
    ranges.push({ start: now - 30 * 60_000 + 123, end: now + 60_000 });

    for (const filters of FILTER_SETS) {
      for (const range of ranges) await expectSameAsSql({ profileId, filters }, range);
      for (const range of ranges.slice(0, 4)) await expectSameAsSql({ profileId, filters, linkId: links[0] }, range);
    }
  }, 120_000);

  it("loads in chunks exactly as event by event, across ties at a chunk's edge and values holding the chunk's separator", async () => {
    const { profileId, links } = await profileWithLinks();
    const now = Date.now();
    const events = randomEvents(links, now, 10, 700, 31);
    // Ten events in the same millisecond, so chunks of 64 end inside a tie; three values with the separator.
    for (const event of events.slice(0, 10)) event.at = events[10]!.at;
    events[20]!.utm = ["news\x1fletter", "email", ""];
    events[300]!.referrer = "evil\x1f.example";
    events[650]!.utm = ["", "", "a\x1f\x1fb"];
    await insertEvents(sql(), profileId, events);

    const expected = new ProfileEvents();
    const rows = await sql().query<{ type: "view" | "click"; link_id: string | null; at: number; traits: string[]; visitor_hash: string }>(
      `SELECT type::text AS type, link_id, (extract(epoch FROM created_at) * 1000)::float8 AS at, visitor_hash,
              ARRAY[country, device_type, browser, os, referrer_host, utm_source, utm_medium, utm_campaign] AS traits
         FROM "AnalyticsEvent" WHERE profile_id = $1 ORDER BY created_at, id`,
      [profileId],
    );
    for (const row of rows) expected.add(row);
    expect(rows).toHaveLength(700);

    for (const chunkSize of [64, 700, 5000]) {
      const loaded = await loadProfile(sql(), profileId, chunkSize);
      expect(eventsAsRows(loaded.events), `chunks of ${chunkSize}`).toEqual(eventsAsRows(expected));
    }
  });

  it("starts loading a profile's events when its unfiltered Insights are read, so a filter that follows finds them", async () => {
    const { caller, profileId, links } = await profileWithLinks();
    await insertEvents(sql(), profileId, randomEvents(links, Date.now(), 5, 300, 41));
    expect(eventCacheSize().profiles).toBe(0);
    await caller.analytics.overview({ days: 7 });
    // Loaded in the background: the call answered from the rollups without waiting for it.
    await vi.waitFor(() => expect(eventCacheSize().bytes).toBeGreaterThan(0));
    expect(eventCacheSize().profiles).toBe(1);
  });

  it("counts the passes it keeps against ANALYTICS_CACHE_MB with the events, dropping a profile's oldest passes first", async () => {
    const { caller, profileId, links } = await profileWithLinks();
    // Enough events that a 30-day pass reads more than it holds, so its passes are kept.
    await insertEvents(sql(), profileId, randomEvents(links, Date.now(), 30, 12_000, 7));
    const countries = ["US", "GB", "DE", "FR", "IN", "BR", "JP", "CA", "MX", "ES", "IT", "NL", "SE", "PL", "AU", "NZ"];
    for (const country of countries) await caller.analytics.overview({ days: 30, country: [country] });
    const events = loadedEvents(profileId)!;
    // Each 30-day pass holds at least its 15-minute slots: 2,880 of them, views and clicks, 4 bytes each.
    const passBytes = 30 * 96 * 2 * 4;
    expect(eventCacheSize().bytes).toBeGreaterThanOrEqual(events.bytes() + countries.length * passBytes);

    const saved = process.env.ANALYTICS_CACHE_MB;
    process.env.ANALYTICS_CACHE_MB = "1";
    try {
      const other = await profileWithLinks();
      await insertEvents(sql(), other.profileId, randomEvents(other.links, Date.now(), 30, 12_000, 8));
      for (const country of countries) await other.caller.analytics.overview({ days: 30, country: [country] });
      expect(eventCacheSize().bytes).toBeLessThanOrEqual(1024 * 1024);
      // The profile in use stays, with its newest passes; the one before it was let go.
      expect(loadedEvents(other.profileId)).not.toBeNull();
      expect(loadedEvents(profileId)).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.ANALYTICS_CACHE_MB;
      else process.env.ANALYTICS_CACHE_MB = saved;
    }
  });

  it("keeps no passes for a profile with few events: taking them again costs less than holding them", async () => {
    const { caller, profileId, links } = await profileWithLinks();
    await insertEvents(sql(), profileId, randomEvents(links, Date.now(), 5, 50, 10));
    const filtered = await caller.analytics.overview({ days: 90, country: ["US"] });
    const events = loadedEvents(profileId)!;
    expect(eventCacheSize().bytes).toBe(events.bytes());
    expect(await caller.analytics.overview({ days: 90, country: ["US"] })).toEqual(filtered);
  });

  it("lets go of a profile whose Insights nobody read for ten minutes, and loads it again when they are read", async () => {
    const { caller, profileId, links } = await profileWithLinks();
    await insertEvents(sql(), profileId, randomEvents(links, Date.now(), 5, 50, 9));
    const first = await caller.analytics.overview({ days: 30, country: ["US"] });
    expect(loadedEvents(profileId)).not.toBeNull();
    letIdleProfilesGo(Date.now() + EVENT_CACHE_IDLE_MS - 60_000);
    expect(loadedEvents(profileId)).not.toBeNull();
    letIdleProfilesGo(Date.now() + EVENT_CACHE_IDLE_MS);
    expect(loadedEvents(profileId)).toBeNull();
    expect(eventCacheSize()).toEqual({ profiles: 0, bytes: 0 });
    const again = await caller.analytics.overview({ days: 30, country: ["US"] });
    expect(loadedEvents(profileId)).not.toBeNull();
    expect(again).toEqual(first);
  });

  it("counts the uniques of an unfiltered screen's cut UTC days, once loaded, as the raw events do", async () => {
    const user = await registeredUser("cut");
    const profile = await user.caller.profile.updateSlug({ slug: `c_${randomUUID().slice(0, 8)}` });
    const first = await user.caller.link.create({ title: "First", url: "first.example.com" });
    const second = await user.caller.link.create({ title: "Second", url: "second.example.com" });
    // 75 days of visitors, some coming back on a day and some clicking, at every hour of the day.
    const now = Date.parse("2026-07-20T13:37:00Z");
    const visit = (at: number, visitor: number) => ({
      ip: `10.9.${visitor}.1`,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      referrer: null,
      headers: {},
      now: new Date(at),
    });
    for (let day = 75; day >= 0; day -= 1) {
      for (let i = 0; i < 6; i += 1) {
        const at = now - day * DAY_MS + ((i * 5 + day) % 24) * 3_600_000 - 12 * 3_600_000;
        const visitor = (day * 7 + i) % 9;
        void recordPageView(profile.id, visit(at, visitor));
        if (i % 2 === 0) void recordClick((i + day) % 3 === 0 ? second.id : first.id, visit(at + 60_000, visitor));
      }
    }
    await flushAnalytics();

    await getOverview(sql(), { profileId: profile.id, days: 7, now: new Date(now) });
    await vi.waitFor(() => expect(loadedEvents(profile.id)).not.toBeNull());
    // Only the cache can count the cut days now: the rows the database would count them from are gone.
    await sql().query(`DELETE FROM "AnalyticsVisitorDay" WHERE profile_id = $1`, [profile.id]);

    const scopes: AnalyticsScope[] = [];
    for (const tz of ["UTC", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham"]) {
      scopes.push({ profileId: profile.id, days: 7, tz, now: new Date(now) }, { profileId: profile.id, days: 30, tz, now: new Date(now) });
      scopes.push({ profileId: profile.id, days: 7, tz, from: "2026-06-10", to: "2026-06-10", now: new Date(now) });
    }
    for (const scope of scopes) {
      const label = JSON.stringify(scope);
      const query = { profileId: profile.id, filters: {} };
      const period = periodFor(scope);
      const [current, previous] = await eventTotals(sql(), query, [period.current, period.previous]);
      const overview = await getOverview(sql(), scope);
      expect([overview.unique_visitors, overview.unique_clickers], label).toEqual([current!.visitors, current!.clickers]);
      expect(overview.total_views, label).toBe(current!.views);
      expect(overview.change.unique_visitors, label).toBe(change(current!.visitors, previous!.visitors));
      const byLinkSql = new Map((await eventsBy(sql(), query, period.current, "link")).map((row) => [row.key, row.clickers]));
      for (const link of (await getLinkAnalytics(sql(), scope)).links) {
        expect(link.unique_clicks, `${label} ${link.title}`).toBe(byLinkSql.get(link.id) ?? 0);
      }
      expect((await getLinkDetail(sql(), scope, first.id)).unique_clicks, label).toBe(byLinkSql.get(first.id) ?? 0);
    }
    expect(scopes.some((scope) => periodFor(scope).current.start % DAY_MS !== 0)).toBe(true);

    // Before the oldest held event's UTC month, retention may have dropped events: the rollups answer there.
    const heldFrom = loadedEvents(profile.id)!.heldFrom();
    expect(heldFrom).toBe(Date.parse("2026-05-01T00:00:00Z"));
    const parts = cachedDayPartUniques(sql(), profile.id)!;
    expect(parts.covers({ start: heldFrom, end: heldFrom + DAY_MS / 2 })).toBe(true);
    expect(parts.covers({ start: heldFrom - DAY_MS / 2, end: heldFrom })).toBe(false);
  });

  it("picks up events written after it loaded: today's, a past day's, and a batch still running at its last read", async () => {
    const { profileId, links } = await profileWithLinks();
    const now = Date.now();
    await insertEvents(sql(), profileId, randomEvents(links, now, 20, 400, 11));
    const query = { profileId, filters: { country: ["US", "GB"] } };
    const range = periodOf(30, "Asia/Kolkata", new Date(now + DAY_MS)).current;
    await expectSameAsSql(query, range);
    const [before] = await filteredTotals(sql(), query, [range]);

    // Today's events go on the passes already taken: visitors seen earlier today, then a link and
    // utm_* values the dictionaries had never held.
    await insertEvents(sql(), profileId, randomEvents(links, now, 0.01, 30, 12));
    await expectSameAsSql(query, range);
    const newcomers = randomEvents([`new-${links[0]}`], now, 0.001, 6, 15).map((event, i) => ({
      ...event,
      at: now + 60_000 + i,
      country: "US",
    }));
    newcomers[0]!.country = "GB";
    newcomers[1]!.utm = ["fresh", "new", "values"];
    await insertEvents(sql(), profileId, newcomers);
    await expectSameAsSql(query, range);
    await expectSameAsSql({ profileId, filters: {} }, range);
    await insertEvents(sql(), profileId, randomEvents(links, now - 10 * DAY_MS, 1, 30, 13));
    await expectSameAsSql(query, range);

    // A batch that took a lower id and was still running at the cache's last read (its transaction
    // is that read's snapshot xmin), committed only afterwards, as another instance's slow batch:
    // it is read and counted once.
    const [{ id }] = (await sql().query<{ id: string }>(`SELECT nextval('"AnalyticsEvent_id_seq"')::text AS id`)) as [{ id: string }];
    await insertEvents(sql(), profileId, randomEvents(links, now, 0.01, 5, 14));
    await filteredTotals(sql(), query, [range]);
    await sql().query(
      `INSERT INTO "AnalyticsEvent" (id, type, profile_id, link_id, created_at, device_type, browser, os, country, referrer_host, visitor_hash, inserted_xid)
       VALUES ($1::bigint, 'view', $2, NULL, $3::timestamptz, 'mobile', 'Safari', 'iOS', 'US', '', 'late-visitor',
               txid_snapshot_xmin(txid_current_snapshot()))`,
      [id, profileId, new Date(now - 60_000).toISOString()],
    );
    await expectSameAsSql(query, range);
    const [after] = await filteredTotals(sql(), query, [range]);
    const [sqlAfter] = await eventTotals(sql(), query, [range]);
    expect(after).toEqual(sqlAfter);
    expect(after!.views).toBeGreaterThan(before!.views);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "counts a transaction that took its id first and committed after another writer's, once",
    async () => {
      const { profileId, links } = await profileWithLinks();
      const now = Date.now();
      const query = { profileId, filters: { device: ["mobile", "desktop", "tablet"] } };
      const range = { start: now - DAY_MS, end: now + DAY_MS };
      const one = (seed: number) => randomEvents(links, now, 0.001, 1, seed);
      await insertEvents(sql(), profileId, one(21));
      const [start] = await filteredTotals(sql(), query, [range]);
      const total = (t: { views: number; clicks: number }) => t.views + t.clicks;

      await sql().transaction(async (slow) => {
        await insertEvents(slow, profileId, one(22));
        // Another instance's batch: a higher id, committed first.
        await insertEvents(sql(), profileId, one(23));
        const [during] = await filteredTotals(sql(), query, [range]);
        expect(total(during!)).toBe(total(start!) + 1);
      });
      const [after] = await filteredTotals(sql(), query, [range]);
      expect(total(after!)).toBe(total(start!) + 2);
      expect(await filteredTotals(sql(), query, [range])).toEqual(await eventTotals(sql(), query, [range]));
    },
  );
});
