import { addDays, localDay } from "@/server/services/analytics/periods";
import { queueDailyDigest } from "@/server/services/notifications/reports";
import { reportRecipients } from "@/server/services/notifications/recipients";
import { defineJob } from "./registry";

const HOUR_MS = 3_600_000;
const ordinal = (day: { y: number; m: number; d: number }) => day.y * 10_000 + day.m * 100 + day.d;

/**
 * Hourly: the accounts whose local midnight fell in this hour get the digest of the day that just
 * ended in their time zone. By hand with a date: every account gets the day before that date.
 */
export const digestJob = defineJob({
  name: "digest",
  every: "hour",
  catchUp: 48,
  run: async ({ db, sql, periodStart }) => {
    const start = periodStart.getTime();
    for (const recipient of await reportRecipients(db, "digest")) {
      const before = localDay(recipient.time_zone, start - 1);
      const after = localDay(recipient.time_zone, start + HOUR_MS - 1);
      if (ordinal(before) === ordinal(after)) continue;
      await queueDailyDigest(db, sql, recipient, addDays(after, -1));
    }
  },
  runByHand: async ({ db, sql, date }) => {
    const day = { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
    for (const recipient of await reportRecipients(db, "digest")) await queueDailyDigest(db, sql, recipient, addDays(day, -1));
  },
});
