import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { digestJob } from "@/server/jobs/digest-job";
import { defineJob } from "@/server/jobs/registry";
import { LEASE_MS, runDueJobs, runJobByHand } from "@/server/jobs/runner";
import { flushAnalytics, recordClick, recordPageView, type VisitContext } from "@/server/services/analytics/ingest";
import { unsubscribe } from "@/server/services/notifications/unsubscribe";
import { callerFor, registeredUser } from "./helpers";
import { queuedFor, tokenFromLatest } from "./mail-capture";

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
let address = 0;
const visit = (at: string): VisitContext => ({
  ip: `10.${(address >> 8) & 255}.${address++ & 255}.7`,
  userAgent: UA,
  referrer: null,
  headers: {},
  now: new Date(at),
});

/** A verified creator with two links, and their activity on 9 and 10 March 2026 (UTC). */
async function creatorWithActivity(timeZone?: string) {
  const user = await registeredUser("digest");
  await callerFor(null).auth.confirmEmail({ token: await tokenFromLatest(user.email, "/verify-email") });
  const profile = await user.caller.profile.updateSlug({ slug: `d_${randomUUID().slice(0, 8)}` });
  const shop = await user.caller.link.create({ title: "Shop", url: "https://shop.example" });
  const blog = await user.caller.link.create({ title: "Blog", url: "https://blog.example" });
  await db().userSettings.update({ where: { user_id: user.id }, data: { time_zone: timeZone ?? null, profile_view_notifications: true } });
  const views = (at: string, count: number) => Array.from({ length: count }, () => recordPageView(profile.id, visit(at)));
  await Promise.all([
    ...views("2026-03-09T10:00:00Z", 2),
    recordClick(shop.id, visit("2026-03-09T10:05:00Z")),
    ...views("2026-03-10T10:00:00Z", 4),
    recordClick(shop.id, visit("2026-03-10T10:05:00Z")),
    recordClick(shop.id, visit("2026-03-10T11:05:00Z")),
    recordClick(blog.id, visit("2026-03-10T12:05:00Z")),
    // 03:00 UTC on the 11th is still the 10th in New York.
    ...views("2026-03-11T03:00:00Z", 5),
  ]);
  await flushAnalytics();
  return { ...user, profile };
}

const digestsOf = async (email: string) => (await queuedFor(email)).filter((mail) => mail.subject.includes("daily digest"));

describe("daily digest", () => {
  it("reports yesterday's views, clicks, top links and the change against the day before, once", async () => {
    const { email } = await creatorWithActivity();
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    const [digest, ...more] = await digestsOf(email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe("Your Linkbio daily digest for 2026-03-10");
    expect(digest!.text).toContain("Views: 4 (+100% against the day before)");
    expect(digest!.text).toContain("Clicks: 3 (+200% against the day before)");
    expect(digest!.text).toContain("1. Shop: 2 clicks\n2. Blog: 1 click");
    expect(digest!.text).toContain("Days are counted in UTC.");
    expect(digest!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect((digest!.headers as Record<string, string>)["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
    expect(digest!.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
  });

  it("counts days in the creator's time zone", async () => {
    const { email } = await creatorWithActivity("America/New_York");
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    const [digest] = await digestsOf(email);
    expect(digest!.text).toContain("Views: 9 (+350% against the day before)");
    expect(digest!.text).toContain("Days are counted in America/New_York.");
  });

  it("sends nothing for a day without activity, and nothing to whoever turned the alerts off", async () => {
    const { email, id } = await creatorWithActivity();
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-20T00:00:00Z"));
    expect(await digestsOf(email)).toHaveLength(0);
    await callerFor(id).settings.update({ email_notifications: false });
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    expect(await digestsOf(email)).toHaveLength(0);
  });

  it("goes out from the hourly schedule at the creator's midnight, and a by-hand run adds no second copy", async () => {
    const { email } = await creatorWithActivity("America/New_York");
    // Midnight in New York on 11 March 2026 (EDT from the 8th) is 04:00 UTC.
    await runDueJobs(db(), getDatabase().sql, { now: new Date("2026-03-11T03:30:00Z"), jobs: [digestJob] });
    expect((await digestsOf(email)).map((mail) => mail.subject)).not.toContain("Your Linkbio daily digest for 2026-03-10");
    await runDueJobs(db(), getDatabase().sql, { now: new Date("2026-03-11T04:10:00Z"), jobs: [digestJob] });
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    const subjects = (await digestsOf(email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === "Your Linkbio daily digest for 2026-03-10")).toHaveLength(1);
  });

  it("one-click unsubscribe turns the alerts off; a forged token changes nothing", async () => {
    const { email, id } = await creatorWithActivity();
    await runJobByHand(db(), getDatabase().sql, "digest", new Date("2026-03-11T00:00:00Z"));
    const [digest] = await digestsOf(email);
    const header = (digest!.headers as Record<string, string>)["List-Unsubscribe"]!;
    const token = new URL(header.slice(1, -1)).searchParams.get("token")!;
    expect(await unsubscribe(db(), `${token.split(".")[0]}.forged`)).toBeNull();
    expect(await db().userSettings.findUniqueOrThrow({ where: { user_id: id } })).toMatchObject({ link_click_notifications: true });
    expect(await unsubscribe(db(), token)).toBe("digest");
    expect(await db().userSettings.findUniqueOrThrow({ where: { user_id: id } })).toMatchObject({
      link_click_notifications: false,
      profile_view_notifications: false,
      monthly_report: true,
    });
  });
});

describe("monthly report", () => {
  it("summarises last month on the 1st", async () => {
    const { email } = await creatorWithActivity();
    await runJobByHand(db(), getDatabase().sql, "monthly", new Date("2026-04-01T00:00:00Z"));
    const reports = (await queuedFor(email)).filter((mail) => mail.subject === "Your Linkbio report for March 2026");
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain("Views: 11");
    expect(reports[0]!.text).toContain("Clicks: 4");
    expect(reports[0]!.text).toContain("1. Shop: 3 clicks");
  });
});

describe("job runner", () => {
  it("runs each period once with two workers at once, and catches up after downtime", async () => {
    const runs: string[] = [];
    const job = defineJob({
      name: `count-${randomUUID()}`,
      every: "hour",
      catchUp: 3,
      run: async ({ periodStart }) => {
        runs.push(periodStart.toISOString());
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const sql = getDatabase().sql;
    const now = new Date("2026-05-01T10:30:00Z");
    await Promise.all([
      runDueJobs(db(), sql, { now, instance: "a", jobs: [job] }),
      runDueJobs(db(), sql, { now, instance: "b", jobs: [job] }),
    ]);
    expect(runs.sort()).toEqual(["2026-05-01T08:00:00.000Z", "2026-05-01T09:00:00.000Z", "2026-05-01T10:00:00.000Z"]);
    // Down for two hours: the missed periods run, the finished ones do not.
    await runDueJobs(db(), sql, { now: new Date("2026-05-01T12:05:00Z"), instance: "a", jobs: [job] });
    expect(runs).toHaveLength(5);
    expect(await db().jobRun.count({ where: { name: job.name, finished_at: { not: null } } })).toBe(5);
  });

  it("takes over a period whose worker died, once its lease has run out", async () => {
    const runs: string[] = [];
    const job = defineJob({ name: `lease-${randomUUID()}`, every: "day", catchUp: 1, run: () => Promise.resolve(void runs.push("ran")) });
    const now = new Date("2026-05-02T10:00:00Z");
    await db().jobRun.create({
      data: { name: job.name, period: "2026-05-02T00:00:00.000Z", claimed_by: "dead", claimed_at: new Date(now.getTime() - 60_000) },
    });
    await runDueJobs(db(), getDatabase().sql, { now, jobs: [job] });
    expect(runs).toHaveLength(0);
    await runDueJobs(db(), getDatabase().sql, { now: new Date(now.getTime() + LEASE_MS), jobs: [job] });
    expect(runs).toEqual(["ran"]);
  });
});
