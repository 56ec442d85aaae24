/**
 * Plain counters for the paths that run per visitor: an increment of a number field, no labels, no
 * allocation. /metrics reads them when it is scraped (src/server/metrics/registry.ts).
 */
export interface Counts {
  pageCacheHits: number;
  pageCacheMisses: number;
  viewsAccepted: number;
  viewsWritten: number;
  viewsDropped: number;
  clicksAccepted: number;
  clicksWritten: number;
  clicksDropped: number;
  /** Job runs by `name outcome`; a job runs a few times a day, so a map is cheap here. */
  jobRuns: Map<string, number>;
  /** Mail given to the transport or given up, by outcome. */
  mail: Map<string, number>;
}

// One set in the thread that serves visitors and runs the workers (all that /metrics counts), shared by every module copy in it.
const slot = globalThis as unknown as { __linkbioCounts?: Counts };

export const counts: Counts = (slot.__linkbioCounts ??= {
  pageCacheHits: 0,
  pageCacheMisses: 0,
  viewsAccepted: 0,
  viewsWritten: 0,
  viewsDropped: 0,
  clicksAccepted: 0,
  clicksWritten: 0,
  clicksDropped: 0,
  jobRuns: new Map(),
  mail: new Map(),
});

export function countJobRun(name: string, outcome: "succeeded" | "failed" | "skipped"): void {
  const key = `${name} ${outcome}`;
  counts.jobRuns.set(key, (counts.jobRuns.get(key) ?? 0) + 1);
}

export function countMail(outcome: "sent" | "retry" | "given_up"): void {
  counts.mail.set(outcome, (counts.mail.get(outcome) ?? 0) + 1);
}
