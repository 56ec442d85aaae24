import { queueMonthlyReport } from "@/server/services/notifications/reports";
import { reportRecipients } from "@/server/services/notifications/recipients";
import { defineJob } from "./registry";

function monthBefore(date: Date): { y: number; m: number } {
  const month = date.getUTCMonth(); // 0-11: the month before, counted 1-12
  return month === 0 ? { y: date.getUTCFullYear() - 1, m: 12 } : { y: date.getUTCFullYear(), m: month };
}

/** On the 1st, last month's summary; due at 12:00 UTC, when last month has ended in every time zone. */
export const monthlyReportJob = defineJob({
  name: "monthly",
  every: "month",
  delayMs: 12 * 3_600_000,
  catchUp: 2,
  run: async ({ db, sql, periodStart }) => {
    const month = monthBefore(periodStart);
    for (const recipient of await reportRecipients(db, "monthly")) await queueMonthlyReport(db, sql, recipient, month);
  },
  runByHand: async ({ db, sql, date }) => {
    const month = monthBefore(date);
    for (const recipient of await reportRecipients(db, "monthly")) await queueMonthlyReport(db, sql, recipient, month);
  },
});
