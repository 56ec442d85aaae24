import { recheckActiveDomains } from "@/server/services/domains/custom-domains";
import { defineJob } from "./registry";
import { log } from "@/server/logging/logger";

/**
 * Daily: every active custom domain's TXT record is looked for again; one missing 7 days in a row
 * goes back to pending (docs/product/public-page.md#custom-domains). Safe to repeat for a day: a
 * second run only finds the records again. By hand with a date: checked as if it were that day.
 */
export const customDomainsJob = defineJob({
  name: "custom-domains",
  every: "day",
  catchUp: 1,
  run: async ({ db }) => {
    const { checked, deactivated } = await recheckActiveDomains(db);
    if (deactivated.length > 0) log().info(`Custom domains: ${checked} checked; back to pending: ${deactivated.join(", ")}`);
  },
  runByHand: async ({ db, date }) => {
    const summary = await recheckActiveDomains(db, date);
    log().info({ summary }, "Custom domains re-checked");
  },
});
