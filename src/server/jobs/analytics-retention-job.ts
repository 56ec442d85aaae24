import { env } from "@/server/config/env";
import { freezeClosedDays } from "@/server/services/analytics/frozen-days";
import { applyAnalyticsRetention } from "@/server/services/analytics/retention";
import { defineJob } from "./registry";

/** Once a day: closed days' visitor-day rows frozen, the coming months' partitions of raw events, and the months past the retention dropped. */
export const analyticsRetentionJob = defineJob({
  name: "analytics-retention",
  every: "day",
  catchUp: 1,
  run: async ({ sql, periodStart }) => {
    await freezeClosedDays(sql, periodStart);
    await applyAnalyticsRetention(sql, { months: env.ANALYTICS_RETENTION_MONTHS, now: periodStart });
  },
});
