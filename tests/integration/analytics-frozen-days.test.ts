// Closed days frozen (services/analytics/frozen-days.ts): Insights answers the same figures before
// and after a freeze, and after the raw events are gone; the visitor-day rows of closed days go;
// batches late for a frozen day, even while it freezes, are neither lost nor counted twice.
import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "@/server/db/migrate";
import { pgliteTarget, type SqlTarget } from "@/server/db/sql-target";
import { getDatabase } from "@/server/db/client";
import { clearEventCache } from "@/server/services/analytics/event-cache/store";
import { eventTotals } from "@/server/services/analytics/events";
import { freezeClosedDays, OPEN_DAYS } from "@/server/services/analytics/frozen-days";
import { flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { DAY_MS, utcDayStart } from "@/server/services/analytics/periods";
import { getLinkAnalytics, getOverview, getTimeline, periodFor, type AnalyticsScope } from "@/server/services/analytics/queries";
import { registeredUser } from "./helpers";

const sql = () => getDatabase().sql;
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** Zones whose midnights cut UTC days at whole, half and three-quarter hours, on both sides. */
const ZONES = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"];
const DAYS = 9;

const ipOf = (visitor: number) => `81.2.${69 + (visitor >> 8)}.${visitor & 255}`;
const visit = (visitor: number, at: number): VisitContext => ({
  ip: ipOf(visitor),
  userAgent: UA,
  referrer: visitor % 3 === 0 ? "https://www.instagram.com/" : null,
  headers: {},
  now: new Date(at),
});

/** A deterministic stream of numbers in [0, 1). */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function creator() {
  const user = await registeredUser("frozen");
  const profile = await user.caller.profile.updateSlug({ slug: `f_${randomUUID().slice(0, 8)}` });
  const links = [
    await user.caller.link.create({ title: "One", url: "one.example.com" }),
    await user.caller.link.create({ title: "Two", url: "two.example.com" }),
  ];
  return { profileId: profile.id, links: links.map((link) => link.id) };
}

/** Views and clicks from 40 visitors on each of the last DAYS closed days, and a few minutes ago. */
async function seed(profileId: string, links: string[], seedNumber: number): Promise<void> {
  const random = prng(seedNumber);
  const today = utcDayStart(Date.now());
  const writes: Promise<unknown>[] = [];
  for (let day = DAYS; day >= 1; day -= 1) {
    for (let i = 0; i < 60; i += 1) {
      const at = today - day * DAY_MS + Math.floor(random() * DAY_MS);
      const visitor = Math.floor(random() * 40);
      if (random() < 0.6) writes.push(recordPageView(profileId, visit(visitor, at)));
      else writes.push(recordClick(links[Math.floor(random() * links.length)]!, visit(visitor, at)));
    }
  }
  writes.push(recordPageView(profileId, visit(1, Date.now() - 60_000)), recordClick(links[0]!, visit(2, Date.now() - 60_000)));
  await Promise.all(writes);
  await flushAnalytics();
}

const scopes = (profileId: string): AnalyticsScope[] => {
  const now = new Date();
  const yesterday = new Date(utcDayStart(now.getTime()) - DAY_MS).toISOString().slice(0, 10);
  const older = new Date(utcDayStart(now.getTime()) - 5 * DAY_MS).toISOString().slice(0, 10);
  return ZONES.flatMap((tz) => [
    { profileId, days: 7 as const, tz, now },
    { profileId, days: 30 as const, tz, now },
    { profileId, days: 7 as const, tz, now, from: older, to: older },
    { profileId, days: 7 as const, tz, now, from: older, to: yesterday },
  ]);
};

/** Every unfiltered figure of the screen for each scope, read from the rollups (the event cache emptied first, so no cut day is counted there). */
async function screens(profileId: string) {
  const answers = [];
  for (const scope of scopes(profileId)) {
    clearEventCache();
    const overview = await getOverview(sql(), scope);
    clearEventCache();
    const links = (await getLinkAnalytics(sql(), scope)).links;
    const timeline = (await getTimeline(sql(), scope)).data;
    answers.push({ scope: `${scope.tz} ${scope.days} ${scope.from ?? ""}-${scope.to ?? ""}`, overview, links, timeline });
  }
  return answers;
}

/** Uniques counted from the raw events (count(DISTINCT visitor_hash) per UTC day) for each scope. */
async function exactUniques(profileId: string) {
  const exact = [];
  for (const scope of scopes(profileId)) {
    const [totals] = await eventTotals(sql(), { profileId, filters: {} }, [periodFor(scope).current]);
    exact.push({ visitors: totals!.visitors, clickers: totals!.clickers });
  }
  return exact;
}

const shownUniques = (answers: Awaited<ReturnType<typeof screens>>) =>
  answers.map(({ overview }) => ({ visitors: overview.unique_visitors, clickers: overview.unique_clickers }));

async function visitorRowDays(profileId: string): Promise<string[]> {
  const rows = await sql().query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM "AnalyticsVisitorDay" WHERE profile_id = $1 ORDER BY 1`,
    [profileId],
  );
  return rows.map((row) => row.day);
}

async function frozenDays(profileId: string): Promise<number> {
  const [row] = await sql().query<{ n: number }>(
    `SELECT count(DISTINCT day)::int AS n FROM "AnalyticsFrozenUniques" WHERE profile_id = $1`,
    [profileId],
  );
  return row!.n;
}

/** Each closed day's rollup counts against the raw events: views, clicks and the three kinds of uniques. */
async function dailyAgainstEvents(profileId: string) {
  return sql().query<{ day: string; dimension: string; key: string; rollup: string; events: string }>(
    `WITH e AS (
       SELECT created_at::date AS day, type, coalesce(link_id, '') AS link_id, visitor_hash FROM "AnalyticsEvent"
        WHERE profile_id = $1 AND created_at < (now() AT TIME ZONE 'UTC')::date
     ), exact AS (
       SELECT day, 'total' AS dimension, '' AS key, count(*) FILTER (WHERE type = 'view') AS views, count(*) FILTER (WHERE type = 'click') AS clicks,
              count(DISTINCT visitor_hash) FILTER (WHERE type = 'view') AS uniques FROM e GROUP BY 1
       UNION ALL SELECT day, 'clicked', '', 0, count(*), count(DISTINCT visitor_hash) FROM e WHERE type = 'click' GROUP BY 1
       UNION ALL SELECT day, 'link', link_id, 0, count(*), count(DISTINCT visitor_hash) FROM e WHERE type = 'click' GROUP BY 1, 3
     )
     , slots AS (
       SELECT day, dimension, key, coalesce(sum(v), 0) AS views, coalesce(sum(c), 0) AS clicks
         FROM (SELECT * FROM "AnalyticsDailySlots" WHERE profile_id = $1 UNION ALL SELECT * FROM "AnalyticsFrozenSlots" WHERE profile_id = $1) AS s,
              unnest(views, clicks) AS u(v, c)
        GROUP BY 1, 2, 3
     )
     SELECT x.day::text AS day, x.dimension, x.key, concat_ws(' ', d.views, d.clicks, d.uniques, s.views, s.clicks) AS rollup,
            concat_ws(' ', CASE WHEN x.dimension = 'total' THEN x.views ELSE d.views END, x.clicks, x.uniques,
                      CASE WHEN x.dimension = 'total' THEN x.views ELSE d.views END, x.clicks) AS events
       FROM exact x LEFT JOIN "AnalyticsDaily" d ON d.profile_id = $1 AND d.dimension = x.dimension AND d.key = x.key AND d.day = x.day
       LEFT JOIN slots s ON s.dimension = x.dimension AND s.key = x.key AND s.day = x.day
      ORDER BY 1, 2, 3`,
    [profileId],
  );
}

describe("frozen days", () => {
  it("answers every figure as before the freeze, deletes closed days' visitor rows, and still answers once the raw events are gone", async () => {
    const { profileId, links } = await creator();
    await seed(profileId, links, 7);
    const before = await screens(profileId);
    expect(shownUniques(before)).toEqual(await exactUniques(profileId));
    expect((await visitorRowDays(profileId)).length).toBeGreaterThan(OPEN_DAYS);

    const frozen = await freezeClosedDays(sql(), new Date());
    expect(frozen.length).toBeGreaterThanOrEqual(DAYS - 1);
    const firstOpen = new Date(utcDayStart(Date.now()) - (OPEN_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    expect((await visitorRowDays(profileId)).every((day) => day >= firstOpen)).toBe(true);
    expect(await frozenDays(profileId)).toBe(DAYS - 1);
    const [openSlots] = await sql().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "AnalyticsDailySlots" WHERE profile_id = $1 AND day < $2::date`,
      [profileId, firstOpen],
    );
    expect(openSlots!.n).toBe(0);
    expect(await screens(profileId)).toEqual(before);
    expect(await freezeClosedDays(sql(), new Date())).toEqual([]);

    // Retention drops the raw events; the frozen days answer alone.
    await sql().query(`DELETE FROM "AnalyticsEvent" WHERE profile_id = $1 AND created_at < $2::date`, [profileId, firstOpen]);
    expect(await screens(profileId)).toEqual(before);
  });

  it("counts a batch late for a frozen day once: a returning visitor adds a view, a new one a unique, and the day freezes again", async () => {
    const { profileId, links } = await creator();
    await seed(profileId, links, 11);
    await freezeClosedDays(sql(), new Date());
    const lateDay = utcDayStart(Date.now()) - 3 * DAY_MS;
    const [seenThen] = await sql().query<{ visitor: string }>(
      `SELECT visitor_hash AS visitor FROM "AnalyticsEvent" WHERE profile_id = $1 AND type = 'view' AND created_at >= $2 AND created_at < $3 LIMIT 1`,
      [profileId, new Date(lateDay).toISOString(), new Date(lateDay + DAY_MS).toISOString()],
    );
    expect(seenThen).toBeDefined();
    const [dailyBefore] = await sql().query<{ views: number; uniques: number }>(
      `SELECT views, uniques FROM "AnalyticsDaily" WHERE profile_id = $1 AND dimension = 'total' AND key = '' AND day = $2::date`,
      [profileId, new Date(lateDay).toISOString().slice(0, 10)],
    );

    // Visitors 0..39 were seeded; 500 is new. Each at the day's last minute, away from their seeded views' repeat window.
    const late = lateDay + DAY_MS - 60_000;
    const recorded = await Promise.all([
      ...Array.from({ length: 40 }, (_, visitor) => recordPageView(profileId, visit(visitor, late))),
      recordPageView(profileId, visit(500, late)),
      recordClick(links[1]!, visit(500, late)),
    ]);
    await flushAnalytics();
    expect(recorded.at(-1)).toEqual({ recorded: true, found: true });
    expect(await visitorRowDays(profileId)).toContain(new Date(lateDay).toISOString().slice(0, 10));

    const rows = await dailyAgainstEvents(profileId);
    expect(rows.filter((row) => row.rollup !== row.events)).toEqual([]);
    const lateTotal = rows.find((row) => row.day === new Date(lateDay).toISOString().slice(0, 10) && row.dimension === "total")!;
    const [views, , uniques] = lateTotal.rollup.split(" ").map(Number);
    expect(views).toBeGreaterThan(dailyBefore!.views);
    expect(uniques).toBeGreaterThan(dailyBefore!.uniques);
    const answers = await screens(profileId);
    expect(shownUniques(answers)).toEqual(await exactUniques(profileId));

    await freezeClosedDays(sql(), new Date());
    expect(await visitorRowDays(profileId)).not.toContain(new Date(lateDay).toISOString().slice(0, 10));
    expect(await dailyAgainstEvents(profileId)).toEqual(rows);
    expect(await screens(profileId)).toEqual(answers);
  });

  it("loses and double-counts nothing when late batches arrive while their day freezes", async () => {
    const { profileId, links } = await creator();
    await seed(profileId, links, 23);
    await freezeClosedDays(sql(), new Date());
    const today = utcDayStart(Date.now());
    for (let round = 0; round < 6; round += 1) {
      const writes = [3, 4].flatMap((daysAgo) =>
        Array.from({ length: 12 }, (_, i) => {
          const visitor = i % 2 === 0 ? i : 600 + round * 20 + i;
          const at = today - daysAgo * DAY_MS + (round * 12 + i) * 10 * 60_000;
          return i % 3 === 0 ? recordClick(links[i % 2]!, visit(visitor, at)) : recordPageView(profileId, visit(visitor, at));
        }),
      );
      await Promise.all([freezeClosedDays(sql(), new Date()), ...writes, flushAnalytics()]);
    }
    await flushAnalytics();
    const rows = await dailyAgainstEvents(profileId);
    expect(rows.length).toBeGreaterThan(DAYS * 2);
    expect(rows.filter((row) => row.rollup !== row.events)).toEqual([]);
    const answers = await screens(profileId);
    expect(shownUniques(answers)).toEqual(await exactUniques(profileId));
    await freezeClosedDays(sql(), new Date());
    expect(await dailyAgainstEvents(profileId)).toEqual(rows);
    expect(await screens(profileId)).toEqual(answers);
  });
});

describe("the migration 20261128120300_analytics_sketches", () => {
  const MIGRATION = "20261128120300_analytics_sketches";
  const today = utcDayStart(Date.now());
  const isoAt = (daysAgo: number, slot: number) => new Date(today - daysAgo * DAY_MS + slot * 15 * 60_000).toISOString();

  /** Visitor-day and slot rows of an old day and of today, as the writer left them (the session's foreign keys are off: no profile needed). */
  async function seedRows(target: SqlTarget) {
    const visitors: [number, string, string, number, number][] = [
      [5, "", "a", 3, 40],
      [5, "", "b", 10, 10],
      [5, "", "c", 90, 95],
      [5, "link1", "a", 4, 41],
      [5, "*", "a", 4, 41],
      [0, "", "a", 1, 2],
    ];
    for (const [daysAgo, link, hash, first, last] of visitors) {
      await target.query(
        `INSERT INTO "AnalyticsVisitorDay" (profile_id, day, link_id, visitor_hash, first_at, last_at) VALUES ('p1', $1::date, $2, $3, $4, $5)`,
        [isoAt(daysAgo, 0).slice(0, 10), link, hash, isoAt(daysAgo, first), isoAt(daysAgo, last)],
      );
    }
    for (const daysAgo of [5, 0]) {
      await target.query(
        `INSERT INTO "AnalyticsDailySlots" (profile_id, dimension, day, key, views, clicks)
         VALUES ('p1', 'total', $1::date, '', array_fill(1, ARRAY[96]), array_fill(2, ARRAY[96]))`,
        [isoAt(daysAgo, 0).slice(0, 10)],
      );
    }
  }

  const kept = (target: SqlTarget) =>
    Promise.all([
      target.query(`SELECT dimension, day::text, key, first_seen, last_seen FROM "AnalyticsFrozenUniques" ORDER BY 1, 2, 3`),
      target.query(`SELECT dimension, day::text, key, views, clicks FROM "AnalyticsFrozenSlots" ORDER BY 1, 2, 3`),
      target.query(`SELECT day::text, link_id, visitor_hash FROM "AnalyticsVisitorDay" ORDER BY 1, 2, 3`),
      target.query(`SELECT day::text, dimension FROM "AnalyticsDailySlots" ORDER BY 1, 2`),
    ]);

  // Two databases migrated from empty on PGlite take longer than the default timeout on a busy machine.
  it("freezes the existing closed days as the freeze job does, and leaves today open", { timeout: 120_000 }, async () => {
    const db = await PGlite.create("memory://");
    const earlier = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    try {
      const migrations = path.join(process.cwd(), "prisma/migrations");
      for (const name of await readdir(migrations)) {
        if (name !== MIGRATION) await cp(path.join(migrations, name), path.join(earlier, name), { recursive: true });
      }
      await db.exec(`CREATE SCHEMA migrated; CREATE SCHEMA frozen_by_job; SET session_replication_role = replica`);
      await db.exec(`SET search_path TO migrated`);
      const target = pgliteTarget(db);
      await applyMigrations(target, earlier);
      await seedRows(target);
      expect((await applyMigrations(target)).applied).toEqual([MIGRATION]);
      const byMigration = await kept(target);

      await db.exec(`SET search_path TO frozen_by_job`);
      await applyMigrations(target);
      await seedRows(target);
      await freezeClosedDays(target, new Date());
      expect(await kept(target)).toEqual(byMigration);

      const [uniques, slots, visitorRows, openSlots] = byMigration;
      const total = uniques.find((row) => row.dimension === "total") as { first_seen: number[]; last_seen: number[] };
      expect(total.first_seen.reduce((a, b) => a + b, 0)).toBe(3);
      expect([total.first_seen[3], total.first_seen[10], total.first_seen[90]]).toEqual([1, 1, 1]);
      expect([total.last_seen[40], total.last_seen[10], total.last_seen[95]]).toEqual([1, 1, 1]);
      expect(uniques.map((row) => row.dimension)).toEqual(["clicked", "link", "total"]);
      expect(slots).toHaveLength(1);
      expect(visitorRows).toEqual([{ day: isoAt(0, 0).slice(0, 10), link_id: "", visitor_hash: "a" }]);
      expect(openSlots).toEqual([{ day: isoAt(0, 0).slice(0, 10), dimension: "total" }]);
    } finally {
      await db.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
