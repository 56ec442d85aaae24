import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { pagePath } from "@/lib/share/page-path";
import { addDays, formatDay, startOfDay, type CalendarDay } from "../analytics/periods";
import { appLink, PRODUCT_NAME, renderMessage } from "../mail/layout";
import { enqueueMail } from "../mail/outbox";
import { profileActivity, type ProfileActivity } from "./activity";
import { unsubscribeParts, type MailingList } from "./unsubscribe";

export interface Recipient {
  id: string;
  email: string;
  time_zone: string;
  wantsViews: boolean;
  wantsClicks: boolean;
}

const number = new Intl.NumberFormat("en-US");
const changeText = (value: number | null, against: string) =>
  value === null ? "" : ` (${value > 0 ? "+" : ""}${value}% against ${against})`;

function profileLines(activity: ProfileActivity, recipient: Pick<Recipient, "wantsViews" | "wantsClicks">, against: string): string {
  const name = activity.display_name || `@${activity.slug}`;
  const lines = [`${name} (${appLink(pagePath(activity.slug))})`];
  if (recipient.wantsViews) lines.push(`Views: ${number.format(activity.views)}${changeText(activity.views_change, against)}`);
  if (recipient.wantsClicks) {
    lines.push(`Clicks: ${number.format(activity.clicks)}${changeText(activity.clicks_change, against)}`);
    for (const [index, link] of activity.top_links.entries()) {
      lines.push(`${index + 1}. ${link.title}: ${number.format(link.clicks)} click${link.clicks === 1 ? "" : "s"}`);
    }
  }
  return lines.join("\n");
}

async function activityOf(
  db: PrismaClient,
  sql: SqlTarget,
  userId: string,
  current: { start: number; end: number },
  previous: { start: number; end: number },
) {
  const profiles = await db.profile.findMany({
    where: { user_id: userId },
    select: { id: true, slug: true, display_name: true },
    orderBy: { created_at: "asc" },
  });
  return Promise.all(profiles.map((profile) => profileActivity(sql, profile, current, previous)));
}

async function queueReport(
  db: PrismaClient,
  recipient: Recipient,
  list: MailingList,
  dedupeKey: string,
  subject: string,
  intro: string,
  sections: string[],
): Promise<boolean> {
  const { pageUrl, headers } = unsubscribeParts(recipient.id, list);
  const message = renderMessage({
    subject,
    paragraphs: [intro, ...sections],
    action: { label: "Open Insights", url: appLink("/insights") },
    footnotes: [`Days are counted in ${recipient.time_zone}.`],
    unsubscribeUrl: pageUrl,
  });
  return enqueueMail(db, { to: recipient.email, ...message, headers, dedupe_key: dedupeKey });
}

/**
 * Queues one account's digest of a day of its own time zone (compared with the day before), unless
 * nothing happened or it was queued already. Returns whether a message was queued.
 */
export async function queueDailyDigest(db: PrismaClient, sql: SqlTarget, recipient: Recipient, day: CalendarDay): Promise<boolean> {
  const tz = recipient.time_zone;
  const current = { start: startOfDay(tz, day), end: startOfDay(tz, addDays(day, 1)) };
  const previous = { start: startOfDay(tz, addDays(day, -1)), end: current.start };
  const activity = await activityOf(db, sql, recipient.id, current, previous);
  const active = activity.filter((a) => (recipient.wantsViews && a.views > 0) || (recipient.wantsClicks && a.clicks > 0));
  if (active.length === 0) return false;
  const date = formatDay(day);
  return queueReport(
    db,
    recipient,
    "digest",
    `digest:${recipient.id}:${date}`,
    `Your ${PRODUCT_NAME} daily digest for ${date}`,
    `Here is what happened on your pages on ${date}.`,
    active.map((a) => profileLines(a, recipient, "the day before")),
  );
}

/** Queues one account's summary of a calendar month of its time zone (compared with the month before). */
export async function queueMonthlyReport(
  db: PrismaClient,
  sql: SqlTarget,
  recipient: Recipient,
  month: { y: number; m: number },
): Promise<boolean> {
  const tz = recipient.time_zone;
  const first = { y: month.y, m: month.m, d: 1 };
  const next = month.m === 12 ? { y: month.y + 1, m: 1, d: 1 } : { y: month.y, m: month.m + 1, d: 1 };
  const before = month.m === 1 ? { y: month.y - 1, m: 12, d: 1 } : { y: month.y, m: month.m - 1, d: 1 };
  const current = { start: startOfDay(tz, first), end: startOfDay(tz, next) };
  const previous = { start: startOfDay(tz, before), end: current.start };
  const activity = await activityOf(db, sql, recipient.id, current, previous);
  if (activity.length === 0) return false;
  const label = new Date(Date.UTC(month.y, month.m - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const everything = { wantsViews: true, wantsClicks: true };
  const quiet = activity.every((a) => a.views === 0 && a.clicks === 0);
  return queueReport(
    db,
    recipient,
    "monthly",
    `monthly:${recipient.id}:${formatDay(first).slice(0, 7)}`,
    `Your ${PRODUCT_NAME} report for ${label}`,
    quiet ? `Your pages had no views or clicks in ${label}.` : `Here is how your pages did in ${label}.`,
    activity.map((a) => profileLines(a, everything, "the month before")),
  );
}
