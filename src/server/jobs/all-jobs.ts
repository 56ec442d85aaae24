import { analyticsRetentionJob } from "./analytics-retention-job";
import { customDomainsJob } from "./custom-domains-job";
import { digestJob } from "./digest-job";
import { monthlyReportJob } from "./monthly-job";
import type { PeriodicJob } from "./registry";

/** Every periodic job the servers run; add a job by defining it with defineJob and listing it here. */
export const JOBS: readonly PeriodicJob[] = [digestJob, monthlyReportJob, analyticsRetentionJob, customDomainsJob];
