import type Client from "prom-client";
import { getDatabase } from "@/server/db/client";
import { queuedEvents } from "@/server/services/analytics/writer";
import { counts } from "./counts";

const OUTBOX_STATES = ["pending", "sent", "failed"] as const;
const OUTBOX_QUERY_TIMEOUT_MS = 1_000;

type PromClient = typeof Client;

export interface Metrics {
  registry: Client.Registry;
  requests: Client.Counter<"route" | "method" | "status">;
  requestDuration: Client.Histogram<"route" | "method" | "status">;
}

/** A counter whose value is one of the plain counts, read at scrape time. */
function countFrom(client: PromClient, registry: Client.Registry, name: string, help: string, read: () => number): void {
  new client.Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

async function outboxByState(): Promise<Map<string, number>> {
  const rows = await Promise.race([
    getDatabase().sql.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM "OutboxMessage" GROUP BY status`),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("outbox count timed out")), OUTBOX_QUERY_TIMEOUT_MS).unref()),
  ]);
  return new Map(rows.map((row) => [row.status, row.n]));
}

function createMetrics(client: PromClient): Metrics {
  const registry = new client.Registry();
  // Event-loop lag, heap, RSS, CPU, handles: prom-client's process metrics.
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "linkbio_http_requests_total",
    help: "Requests answered (cached public pages aside, see linkbio_public_page_cache_hits_total), by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const requestDuration = new client.Histogram({
    name: "linkbio_http_request_duration_seconds",
    help: "Time to answer the requests of linkbio_http_requests_total, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  countFrom(
    client,
    registry,
    "linkbio_public_page_cache_hits_total",
    "Public pages answered from the page cache.",
    () => counts.pageCacheHits,
  );
  countFrom(
    client,
    registry,
    "linkbio_public_page_cache_misses_total",
    "Public pages rendered because the cache lacked them.",
    () => counts.pageCacheMisses,
  );
  new client.Counter({
    name: "linkbio_analytics_events_total",
    help: "Page views and clicks: accepted into the queue, written (counted) by a committed batch, dropped (queue full or write failed).",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ type: "view", outcome: "accepted" }, counts.viewsAccepted);
      this.inc({ type: "view", outcome: "written" }, counts.viewsWritten);
      this.inc({ type: "view", outcome: "dropped" }, counts.viewsDropped);
      this.inc({ type: "click", outcome: "accepted" }, counts.clicksAccepted);
      this.inc({ type: "click", outcome: "written" }, counts.clicksWritten);
      this.inc({ type: "click", outcome: "dropped" }, counts.clicksDropped);
    },
  });
  new client.Gauge({
    name: "linkbio_analytics_queue_length",
    help: "Analytics events waiting for their batch.",
    registers: [registry],
    collect() {
      this.set(queuedEvents());
    },
  });
  new client.Gauge({
    name: "linkbio_outbox_messages",
    help: "Messages in the outbox by state (read from the database when scraped; absent while it does not answer).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const byState = await outboxByState().catch(() => null);
      if (byState) for (const state of OUTBOX_STATES) this.set({ state }, byState.get(state) ?? 0);
    },
  });
  new client.Counter({
    name: "linkbio_mail_deliveries_total",
    help: "Outbox delivery attempts by outcome: sent, retry (failed, tried again later), given_up.",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of counts.mail) this.inc({ outcome }, n);
    },
  });
  new client.Counter({
    name: "linkbio_job_runs_total",
    help: "Periodic job runs by job and outcome.",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [key, n] of counts.jobRuns) {
        const [job, outcome] = key.split(" ");
        this.inc({ job: job!, outcome: outcome! }, n);
      }
    },
  });
  return { registry, requests, requestDuration };
}

// Created only when metrics are on (prom-client is not even loaded otherwise), so a server without them runs no collectors.
const slot = globalThis as unknown as { __linkbioMetrics?: Metrics };

export async function enableMetrics(): Promise<Metrics> {
  if (slot.__linkbioMetrics) return slot.__linkbioMetrics;
  const { default: client } = await import("prom-client");
  slot.__linkbioMetrics ??= createMetrics(client);
  return slot.__linkbioMetrics;
}

/** Null while metrics are off. */
export function metricsIfEnabled(): Metrics | null {
  return slot.__linkbioMetrics ?? null;
}
