import type { PrismaClient } from "@/generated/prisma/client";
import type { SignupInsights } from "@/lib/schemas/audience";
import type { SqlTarget } from "@/server/db/sql-target";
import { getOverview, type AnalyticsScope } from "../analytics/queries";
import { periodFor } from "../analytics/scope";

/**
 * Confirmed sign-ups per local day of the period, and per unique visitor of the same period
 * (docs/product/audience.md#the-audience-screen). Sign-ups carry no device or browser, so filters are not applied.
 */
export async function signupInsights(db: PrismaClient, sql: SqlTarget, scope: AnalyticsScope): Promise<SignupInsights> {
  const unfiltered = { ...scope, filters: {} };
  const period = periodFor(unfiltered);
  const bounds = period.bounds;
  const [rows, overview] = await Promise.all([
    db.subscriber.findMany({
      where: { profile_id: scope.profileId, confirmed_at: { gte: new Date(bounds[0]!), lt: new Date(bounds.at(-1)!) } },
      select: { confirmed_at: true },
    }),
    getOverview(sql, unfiltered),
  ]);
  const per_day = period.dates.map((date) => ({ date, signups: 0 }));
  for (const row of rows) {
    const at = row.confirmed_at!.getTime();
    const index = bounds.findIndex((start, i) => at >= start && at < bounds[i + 1]!);
    if (index >= 0) per_day[index]!.signups += 1;
  }
  const signups = rows.length;
  const visitors = overview.unique_visitors;
  return { per_day, signups, unique_visitors: visitors, signup_rate: visitors ? Math.round((signups / visitors) * 1000) / 10 : 0 };
}
