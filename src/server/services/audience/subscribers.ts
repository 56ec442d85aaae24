// The creator's side of the audience: the current profile's subscribers, search, export, removal
// and the numbers per day (docs/product/audience.md#the-audience-screen).
import type { PrismaClient, Subscriber } from "@/generated/prisma/client";
import type { AudienceSummary, SubscriberDto, SubscriberFilters } from "@/lib/schemas/audience";
import { csvField } from "../analytics/export";
import { ServiceError } from "../errors";
import { requireCurrentProfile } from "../profiles/profiles";

export function toSubscriberDto(row: Subscriber): SubscriberDto {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    unsubscribed_at: row.unsubscribed_at,
    referrer: row.referrer_host,
    utm_source: row.utm_source,
    country: row.country,
  };
}

/** Newest first; `q` matches any part of the address, case aside. */
export async function listSubscribers(db: PrismaClient, userId: string, filters: SubscriberFilters = {}): Promise<SubscriberDto[]> {
  const profile = await requireCurrentProfile(db, userId);
  const rows = await db.subscriber.findMany({
    where: {
      profile_id: profile.id,
      ...(filters.status && { status: filters.status }),
      ...(filters.q && { email: { contains: filters.q.toLowerCase() } }),
    },
    orderBy: [{ created_at: "desc" }, { id: "asc" }],
  });
  return rows.map(toSubscriberDto);
}

/** Removes one subscriber of any of the account's profiles, erasing the address; anyone else's is "not found". */
export async function removeSubscriber(db: PrismaClient, userId: string, id: string): Promise<void> {
  const { count } = await db.subscriber.deleteMany({ where: { id, profile: { user_id: userId } } });
  if (count === 0) throw new ServiceError("NOT_FOUND", "Subscriber not found");
}

const CSV_COLUMNS = ["email", "status", "created_at", "confirmed_at", "unsubscribed_at", "referrer", "utm_source", "country"] as const;

/** Every subscriber of the current profile as CSV (formula-safe, analytics/export.ts) or JSON. */
export async function exportSubscribers(db: PrismaClient, userId: string, format: "csv" | "json") {
  const profile = await requireCurrentProfile(db, userId);
  const subscribers = await listSubscribers(db, userId);
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = `${profile.slug}-subscribers-${stamp}.${format}`;
  if (format === "json") {
    return { filename, content_type: "application/json", content: JSON.stringify({ profile: profile.slug, subscribers }, null, 2) };
  }
  const cell = (value: string | Date | null) => csvField(value instanceof Date ? value.toISOString() : value);
  const lines = [CSV_COLUMNS.join(","), ...subscribers.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(","))];
  return { filename, content_type: "text/csv; charset=utf-8", content: `${lines.join("\r\n")}\r\n` };
}

const SUMMARY_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Counts by status and sign-ups (and confirmations) per UTC day over the last 30 days. */
export async function audienceSummary(db: PrismaClient, userId: string, now = new Date()): Promise<AudienceSummary> {
  const profile = await requireCurrentProfile(db, userId);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (SUMMARY_DAYS - 1) * DAY_MS);
  const [grouped, recent, block] = await Promise.all([
    db.subscriber.groupBy({ by: ["status"], where: { profile_id: profile.id }, _count: { _all: true } }),
    db.subscriber.findMany({
      where: { profile_id: profile.id, OR: [{ created_at: { gte: since } }, { confirmed_at: { gte: since } }] },
      select: { created_at: true, confirmed_at: true },
    }),
    db.link.count({ where: { profile_id: profile.id, link_type: "signup" } }),
  ]);
  const counts = { pending: 0, subscribed: 0, unsubscribed: 0 };
  for (const group of grouped) counts[group.status] = group._count._all;
  const days = new Map<string, { date: string; signups: number; confirmed: number }>();
  for (let index = 0; index < SUMMARY_DAYS; index += 1) {
    const date = dayOf(new Date(since.getTime() + index * DAY_MS));
    days.set(date, { date, signups: 0, confirmed: 0 });
  }
  for (const row of recent) {
    const signed = days.get(dayOf(row.created_at));
    if (signed) signed.signups += 1;
    const confirmed = row.confirmed_at ? days.get(dayOf(row.confirmed_at)) : undefined;
    if (confirmed) confirmed.confirmed += 1;
  }
  return { counts, per_day: [...days.values()], has_signup_block: block > 0 };
}
