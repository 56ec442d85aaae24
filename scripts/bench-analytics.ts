// npm run bench:analytics [-- --events 1000000 --runs 25]
// Seeds events over 90 days for one profile through the real batch writer (so the rollups are the
// ones production keeps), then times the Insights screen's five calls (overview, links, timeline,
// devices, locations) fetched together as the screen does, through the tRPC caller.
// PostgreSQL when DATABASE_URL is set (in a scratch database it drops afterwards), else embedded PGlite.
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { benchDatabase, median, migrate, ms, ipPool, prng, REFERRERS, seedCreator, USER_AGENTS } from "./bench-common";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    days: { type: "string", default: "90" },
    runs: { type: "string", default: "25" },
    explain: { type: "boolean", default: false },
    links: { type: "string", default: "10" },
  },
});
const EVENTS = Number(values.events);
const SPAN_DAYS = Number(values.days);
const RUNS = Number(values.runs);

process.env.AUTH_SECRET ??= "bench-analytics-secret";
// Larger batches while seeding; the writer reads this when it loads.
process.env.ANALYTICS_MAX_BATCH ??= "5000";

const { useDatabase } = await import("@/server/db/client");
const { recordClick, recordPageView, flushAnalytics } = await import("@/server/services/analytics/ingest");
const { createCaller } = await import("@/server/api/root");

const target = await benchDatabase(false);
const database = target.open();
console.log(
  `Database: ${target.label}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores`,
);
try {
  await migrate(database);
  useDatabase(database);
  const { user, profile, links } = await seedCreator(database, Number(values.links));

  // ---- Seed -----------------------------------------------------------------------------------
  const random = prng(1);
  const ips = ipPool(40_000, random);
  const now = Date.now();
  const spanMs = SPAN_DAYS * 86_400_000;
  const started = performance.now();
  const CHUNK = 20_000;
  for (let done = 0; done < EVENTS; done += CHUNK) {
    const pending: Promise<unknown>[] = [];
    for (let i = done; i < Math.min(EVENTS, done + CHUNK); i += 1) {
      // Events arrive in time order, as real traffic does. A visitor is an address with its own
      // browser; some visitors come back often; popular links get more clicks (roughly Zipf).
      const ipIndex = Math.floor(random() ** 2 * ips.length);
      const visit = {
        ip: ips[ipIndex]!,
        userAgent: USER_AGENTS[ipIndex % USER_AGENTS.length]!,
        referrer: REFERRERS[Math.floor(random() * REFERRERS.length)]!,
        headers: {},
        now: new Date(now - spanMs + Math.floor(((i + random()) / EVENTS) * spanMs)),
      };
      if (random() < 0.65) pending.push(recordPageView(profile.id, visit));
      else pending.push(recordClick(links[Math.floor(links.length * random() ** 2)]!.id, visit));
    }
    await Promise.all(pending);
    const seeded = Math.min(EVENTS, done + CHUNK);
    if (seeded % 100_000 === 0 || seeded === EVENTS) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  seeded ${seeded.toLocaleString("en-US")} events (${Math.round(seeded / seconds).toLocaleString("en-US")}/s)`);
    }
  }
  await flushAnalytics();
  const seedSeconds = (performance.now() - started) / 1000;

  const [counts] = await database.sql.query<{ events: number; daily: number; slots: number; visitor_days: number }>(
    `SELECT (SELECT count(*)::int FROM "AnalyticsEvent" WHERE profile_id = $1) AS events,
            (SELECT count(*)::int FROM "AnalyticsDaily" WHERE profile_id = $1) AS daily,
            (SELECT count(*)::int FROM "AnalyticsDailySlots" WHERE profile_id = $1) AS slots,
            (SELECT count(*)::int FROM "AnalyticsVisitorDay" WHERE profile_id = $1) AS visitor_days`,
    [profile.id],
  );
  console.log(
    `Seeded ${counts!.events.toLocaleString("en-US")} events in ${seedSeconds.toFixed(1)} s ` +
      `(${Math.round(counts!.events / seedSeconds).toLocaleString("en-US")} events/s through the batch writer); ` +
      `rollup rows: daily ${counts!.daily.toLocaleString("en-US")}, slot rows ${counts!.slots.toLocaleString("en-US")}, ` +
      `visitor-days ${counts!.visitor_days.toLocaleString("en-US")}`,
  );
  await database.sql.exec("ANALYZE");

  // ---- Measure --------------------------------------------------------------------------------
  const caller = createCaller({ db: database.prisma, sql: database.sql, userId: user.id, clientIp: "127.0.0.1", headers: new Headers() });
  const five = (input: { days: 7 | 30 | 90; tz?: string }) =>
    Promise.all([
      caller.analytics.overview(input),
      caller.analytics.links(input),
      caller.analytics.timeline(input),
      caller.analytics.devices(input),
      caller.analytics.locations(input),
    ]);
  console.log(`\nMedian of ${RUNS} runs, the five calls together (each run after 3 warm-ups):`);
  const results: { label: string; median: number }[] = [];
  for (const tz of [undefined, "America/New_York", "Asia/Kolkata"]) {
    for (const days of [7, 30, 90] as const) {
      const input = { days, tz };
      for (let i = 0; i < 3; i += 1) await five(input);
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await five(input);
        times.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      const label = `days=${days} tz=${tz ?? "UTC (none)"}`;
      results.push({ label, median: median(times) });
      console.log(
        `  ${label.padEnd(36)} ${ms(median(times)).padStart(9)}   (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}; ` +
          `this process's CPU ${ms(median(cpu))})`,
      );
    }
  }
  // Where the time goes: each call alone, and the service query without the router.
  const { getOverview, getLinkAnalytics, getTimeline, getDevices, getLocations } = await import("@/server/services/analytics/queries");
  const scope = { profileId: profile.id, days: 90 as const, tz: "America/New_York" };
  const calls: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ["overview", () => caller.analytics.overview(scope), () => getOverview(database.sql, scope)],
    ["links", () => caller.analytics.links(scope), () => getLinkAnalytics(database.sql, scope)],
    ["timeline", () => caller.analytics.timeline(scope), () => getTimeline(database.sql, scope)],
    ["devices", () => caller.analytics.devices(scope), () => getDevices(database.sql, scope)],
    ["locations", () => caller.analytics.locations(scope), () => getLocations(database.sql, scope)],
  ];
  console.log(`\nEach call alone, days=90 tz=America/New_York (median of ${RUNS}): router / service only`);
  for (const [name, viaRouter, viaService] of calls) {
    const timeOf = async (fn: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i += 1) {
        const t0 = performance.now();
        await fn();
        if (i >= 3) times.push(performance.now() - t0);
      }
      return median(times);
    };
    console.log(`  ${name.padEnd(10)} ${ms(await timeOf(viaRouter)).padStart(9)} / ${ms(await timeOf(viaService))}`);
  }

  if (values.explain) {
    // The plans behind one 90-day New York run of the five services.
    const captured: [string, unknown[] | undefined][] = [];
    const spy = {
      ...database.sql,
      query: async <T>(text: string, params?: unknown[]) => {
        captured.push([text, params]);
        return database.sql.query<T>(text, params);
      },
    };
    for (const [, , viaService] of calls) void viaService;
    await Promise.all([
      getOverview(spy, scope),
      getLinkAnalytics(spy, scope),
      getTimeline(spy, scope),
      getDevices(spy, scope),
      getLocations(spy, scope),
    ]);
    for (const [text, params] of captured) {
      const plan = await database.sql.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      console.log(`\n${text.replace(/\s+/g, " ").slice(0, 160)}...\n${plan.map((row) => Object.values(row)[0]).join("\n")}`);
    }
  }

  const [check] = await five({ days: 90 });
  console.log(`\nCheck: 90-day overview ${JSON.stringify(check)}`);
  console.log(
    `Load average now: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const worst = results.reduce((a, b) => (b.median > a.median ? b : a));
  const targetMs = target.kind === "postgres" ? 50 : 150;
  console.log(
    `\nRESULT ${target.kind}: worst median ${ms(worst.median)} (${worst.label}); target under ${targetMs} ms: ` +
      `${worst.median < targetMs ? "met" : "NOT met"}`,
  );
} finally {
  await database.close();
  await target.cleanup();
}
