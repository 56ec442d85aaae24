// Breakdowns written once (services/analytics/breakdowns-written-once.ts): batches write no
// device, country, referrer, browser, OS or utm_* rows for days after the mark; those days are
// counted from the raw events, the freeze writes a closed day's rows once and moves the mark, a
// batch late for a written day adds to it, and every answer stays the raw events' own.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db/client";
import { breakdownCounts } from "@/server/services/analytics/breakdowns";
import { cachedEvents, clearEventCache } from "@/server/services/analytics/event-cache/store";
import { EVENT_COLUMNS, type EventColumn } from "@/server/services/analytics/event-columns";
import { eventsBy, eventTotals } from "@/server/services/analytics/events";
import { freezeClosedDays } from "@/server/services/analytics/frozen-days";
import { flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { DAY_MS, utcDayStart, type Range } from "@/server/services/analytics/periods";
import { registeredUser } from "./helpers";

const sql = () => getDatabase().sql;
const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const DIMENSIONS = Object.keys(EVENT_COLUMNS) as EventColumn[];

const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
];
const ADDRESSES = ["81.2.69.", "8.8.8.", "1.1.1.", "203.0.113."];
const REFERRERS = [null, "https://www.instagram.com/", "https://news.example.org/story"];
const CAMPAIGNS = [undefined, { source: "newsletter", medium: "email", campaign: "" }, { source: "ig", medium: "", campaign: "spring" }];

const visit = (visitor: number, at: number): VisitContext => ({
  ip: `${ADDRESSES[visitor % ADDRESSES.length]}${visitor % 250}`,
  userAgent: AGENTS[visitor % AGENTS.length]!,
  referrer: REFERRERS[visitor % REFERRERS.length]!,
  utm: CAMPAIGNS[visitor % CAMPAIGNS.length],
  headers: {},
  now: new Date(at),
});

async function creator() {
  const user = await registeredUser("breakdowns");
  const profile = await user.caller.profile.updateSlug({ slug: `b_${randomUUID().slice(0, 8)}` });
  const link = await user.caller.link.create({ title: "Shop", url: "shop.example.com" });
  return { profileId: profile.id, linkId: link.id };
}

/** Views and clicks of 24 visitors on each of the last `days` UTC days, today's a few minutes ago. */
async function seed(profileId: string, linkId: string, days: number, firstVisitor: number): Promise<void> {
  const today = utcDayStart(Date.now());
  const writes: Promise<unknown>[] = [];
  for (let daysAgo = days; daysAgo >= 0; daysAgo -= 1) {
    for (let visitor = firstVisitor; visitor < firstVisitor + 24; visitor += 1) {
      const at = daysAgo === 0 ? Date.now() - 60_000 * (1 + (visitor % 5)) : today - daysAgo * DAY_MS + visitor * 37 * 60_000;
      writes.push(recordPageView(profileId, visit(visitor, at)));
      if (visitor % 4 === 0) writes.push(recordClick(linkId, visit(visitor, at + 1_000)));
    }
  }
  await Promise.all(writes);
  await flushAnalytics();
}

/** Periods: the last 8 UTC days, and one whose ends cut UTC days (as a time zone's do). */
const ranges = (): Range[] => {
  const today = utcDayStart(Date.now());
  return [
    { start: today - 7 * DAY_MS, end: today + DAY_MS },
    { start: today - 5 * DAY_MS + 5.5 * 3_600_000, end: today - DAY_MS + 5.5 * 3_600_000 },
  ];
};

type Answers = Record<string, Record<string, [number, number]>>;

/**
 * Every breakdown of each period as unfiltered Insights reads it, views and clicks per key: with
 * the event cache empty (SQL), and with the profile's events loaded in it. Both must agree.
 */
async function breakdowns(profileId: string): Promise<Answers> {
  const read = async () => {
    const answers: Answers = {};
    for (const [period, range] of ranges().entries()) {
      for (const dimension of DIMENSIONS) {
        for (const row of await breakdownCounts(sql(), profileId, range, dimension)) {
          if ((row.views === 0 && row.clicks === 0) || (dimension.startsWith("utm_") && row.key === "")) continue;
          (answers[`${period} ${dimension}`] ??= {})[row.key] = [row.views, row.clicks];
        }
      }
    }
    return answers;
  };
  clearEventCache();
  const fromSql = await read();
  expect(await cachedEvents(sql(), profileId)).not.toBeNull();
  expect(await read()).toEqual(fromSql);
  clearEventCache();
  return fromSql;
}

/** The same from the raw events. */
async function fromEvents(profileId: string): Promise<Answers> {
  const answers: Answers = {};
  for (const [period, range] of ranges().entries()) {
    for (const dimension of DIMENSIONS) {
      for (const row of await eventsBy(sql(), { profileId, filters: {} }, range, dimension)) {
        if (dimension.startsWith("utm_") && row.key === "") continue;
        (answers[`${period} ${dimension}`] ??= {})[row.key] = [row.views, row.clicks];
      }
    }
  }
  return answers;
}

/** UTC days holding breakdown rows for the profile. */
async function writtenDays(profileId: string): Promise<string[]> {
  const rows = await sql().query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM "AnalyticsDaily" WHERE profile_id = $1 AND dimension = 'device' ORDER BY 1`,
    [profileId],
  );
  return rows.map((row) => row.day);
}

const mark = async () => (await sql().query<{ day: string }>(`SELECT day::text AS day FROM "AnalyticsBreakdownsThrough"`))[0]!.day;

describe("breakdowns written once", () => {
  it("counts days after the mark from the raw events, writes each closed day once, and answers the same after the raw events are gone", async () => {
    const { profileId, linkId } = await creator();
    const today = utcDayStart(Date.now());
    // As on a server whose freeze last ran a week ago; a batch wrote that day's rows.
    await sql().query(`UPDATE "AnalyticsBreakdownsThrough" SET day = $1::date`, [isoDay(today - 7 * DAY_MS)]);
    await seed(profileId, linkId, 6, 0);
    // A row a batch wrote before this build for a day after the mark: counted neither before the freeze nor after.
    await sql().query(
      `INSERT INTO "AnalyticsDaily" (profile_id, dimension, day, key, views) VALUES ($1, 'device', $2::date, 'tablet', 99)`,
      [profileId, isoDay(today - 4 * DAY_MS)],
    );

    const before = await breakdowns(profileId);
    expect(Object.keys(before)).toHaveLength(2 * DIMENSIONS.length);
    expect(before).toEqual(await fromEvents(profileId));
    // A referrer seen only after the mark is found by its filter.
    const [viaNews] = await eventTotals(sql(), { profileId, filters: { referrer: ["news.example.org"] } }, [ranges()[0]!]);
    expect(viaNews!.views).toBeGreaterThan(0);

    const frozen = await freezeClosedDays(sql(), new Date());
    expect(frozen).toEqual([6, 5, 4, 3, 2].map((daysAgo) => isoDay(today - daysAgo * DAY_MS)));
    expect(await mark()).toBe(isoDay(today - 2 * DAY_MS));
    expect(await writtenDays(profileId)).toEqual(frozen);
    expect(await breakdowns(profileId)).toEqual(before);

    // Late batches: one for a written day adds to its rows; one for yesterday stays in the raw events.
    const late = [3, 1].flatMap((daysAgo) =>
      Array.from({ length: 6 }, (_, i) =>
        recordPageView(profileId, visit(500 + i, today - daysAgo * DAY_MS + 20 * 3_600_000 + i * 60_000)),
      ),
    );
    await Promise.all(late);
    await flushAnalytics();
    const after = await breakdowns(profileId);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await fromEvents(profileId));
    expect(await writtenDays(profileId)).toEqual(frozen);

    // Retention drops the closed days' raw events: their rows answer alone, also once the late day froze again.
    await sql().query(`DELETE FROM "AnalyticsEvent" WHERE profile_id = $1 AND created_at < $2::date`, [profileId, isoDay(today - DAY_MS)]);
    expect(await breakdowns(profileId)).toEqual(after);
    expect(await freezeClosedDays(sql(), new Date())).toEqual([isoDay(today - 3 * DAY_MS)]);
    expect(await breakdowns(profileId)).toEqual(after);
  });
});
