import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, useDatabase, type Database } from "@/server/db/client";
import { createLogger, log, useLogger, type Logger } from "@/server/logging/logger";
import { enableMetrics } from "@/server/metrics/registry";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { startServingDomains, servedDomainsSettled } from "@/server/services/domains/served-domains";
import { registeredUser } from "./helpers";

const TOKEN = "metrics-token-0123456789";
let server: Server;
let origin: string;
let appCalls = 0;
const lines: Record<string, unknown>[] = [];
let previousLogger: Logger;

/** Stands in for Next: whatever the pipeline leaves to the web app. */
function webApp(_request: IncomingMessage, response: ServerResponse): void {
  appCalls += 1;
  response.writeHead(404, { "content-type": "text/plain" }).end("left to Next");
}

beforeAll(async () => {
  previousLogger = log();
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  useLogger(createLogger({ level: "info", pretty: false }, capture));
  await enableMetrics();
  startServingDomains(() => getDatabase().prisma);
  await servedDomainsSettled();
  server = createAppServer(webApp, true);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  useLogger(previousLogger);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await flushAnalytics();
});

afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

type Families = ReturnType<typeof parsePrometheusTextFormat>;

async function scrape(): Promise<Families> {
  process.env.METRICS_TOKEN = TOKEN;
  const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parsePrometheusTextFormat(await response.text());
}

function value(families: Families, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((candidate) => candidate.name === name);
  expect(family, `${name} is exported`).toBeDefined();
  const sample = family!.metrics.find((metric) => Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted));
  return Number(sample?.value ?? sample?.count ?? 0);
}

describe("health and readiness", () => {
  it("/healthz answers 200 without touching the database, and is never rate-limited or logged", async () => {
    const before = lines.length;
    const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${origin}/healthz`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    expect(await answers[0]!.json()).toEqual({ status: "ok" });
    expect(lines.slice(before).filter((line) => String(line.msg).includes("/healthz"))).toEqual([]);
  });

  it("/readyz names each check with its state and time", async () => {
    const response = await fetch(`${origin}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; checks: Record<string, { status: string; ms: number }> };
    expect(body.status).toBe("ok");
    expect(body.checks.database).toMatchObject({ status: "ok", ms: expect.any(Number) as number });
  });

  it("/readyz is 503 naming the database while it does not answer, and /healthz stays 200", async () => {
    const real = getDatabase();
    const silent: Database = {
      ...real,
      sql: { ...real.sql, query: () => new Promise(() => undefined) },
    };
    useDatabase(silent);
    try {
      const started = Date.now();
      const response = await fetch(`${origin}/readyz`);
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3_000);
      const body = (await response.json()) as { failing: string; checks: Record<string, { status: string; error: string }> };
      expect(body.failing).toBe("database");
      expect(body.checks.database).toMatchObject({ status: "failing", error: expect.stringContaining("did not answer") as string });
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    } finally {
      useDatabase(real);
    }
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });

  it("refuses other methods with 405", async () => {
    expect((await fetch(`${origin}/healthz`, { method: "POST" })).status).toBe(405);
  });
});

describe("metrics", () => {
  it("are not served without METRICS_TOKEN (the path is left to the app), and need the bearer token with it", async () => {
    const calls = appCalls;
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect(appCalls).toBe(calls + 1);
    process.env.METRICS_TOKEN = TOKEN;
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("count a page view and a click: cache, analytics accepted and written, requests by route pattern", async () => {
    const user = await registeredUser("metrics");
    const slug = `m_${randomUUID().slice(0, 8)}`;
    await user.caller.profile.updateSlug({ slug });
    const link = await user.caller.link.create({ title: "Shop", url: "shop.example.com" });
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    const before = await scrape();

    const page = await fetch(`${origin}/u/${slug}`, { headers: { "user-agent": browser, "x-forwarded-for": "192.0.2.10" } });
    expect(page.status).toBe(200);
    await fetch(`${origin}/u/${slug}`, { headers: { "user-agent": browser, "x-forwarded-for": "192.0.2.11" } });
    const click = await fetch(`${origin}/api/v1/links/${link.id}/click/`, {
      method: "POST",
      headers: { "user-agent": browser, "x-forwarded-for": "192.0.2.12", "content-type": "application/json" },
      body: "{}",
    });
    expect(click.status).toBe(204);
    await flushAnalytics();
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(moved("linkbio_public_page_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(moved("linkbio_public_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(moved("linkbio_analytics_events_total", { type: "view", outcome: "accepted" })).toBe(2);
    expect(moved("linkbio_analytics_events_total", { type: "view", outcome: "written" })).toBe(2);
    expect(moved("linkbio_analytics_events_total", { type: "click", outcome: "accepted" })).toBe(1);
    expect(moved("linkbio_analytics_events_total", { type: "click", outcome: "written" })).toBe(1);
    expect(moved("linkbio_http_requests_total", { route: "/api/v1/links/:id/click", method: "POST", status: "204" })).toBe(1);
    // The parser reads labelled histograms poorly: the click's latency series is checked in the text.
    process.env.METRICS_TOKEN = TOKEN;
    const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).toMatch(
      /^linkbio_http_request_duration_seconds_count\{route="\/api\/v1\/links\/:id\/click",method="POST",status="204"\} [1-9]/m,
    );
    expect(value(after, "linkbio_analytics_queue_length")).toBe(0);
    for (const state of ["pending", "sent", "failed"]) expect(value(after, "linkbio_outbox_messages", { state })).toBeGreaterThanOrEqual(0);
    for (const name of ["nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes", "process_resident_memory_bytes"]) {
      expect(
        after.some((family) => family.name === name),
        name,
      ).toBe(true);
    }
    // No raw path (the slug, the link id) ever becomes a label.
    const labels = after.flatMap((family) => family.metrics.flatMap((metric) => Object.values(metric.labels ?? {})));
    expect(labels.filter((label) => label.includes(slug) || label.includes(link.id))).toEqual([]);
  });
});

describe("request lines and ids", () => {
  it("logs one line per request with its route pattern, status, duration and id; none for a cached page or an asset", async () => {
    const user = await registeredUser("logged");
    const slug = `l_${randomUUID().slice(0, 8)}`;
    await user.caller.profile.updateSlug({ slug });
    await fetch(`${origin}/u/${slug}`); // rendered now, cached from here on
    const before = lines.length;
    const answer = await fetch(`${origin}/login?next=%2Fdashboard`);
    const cached = await fetch(`${origin}/u/${slug}`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-request-id")).toBeNull();
    await fetch(`${origin}/_lb/profile.css`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines.slice(before).filter((line) => line.route !== undefined);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: "info",
      method: "GET",
      route: "(unmatched)",
      status: 404,
      requestId: answer.headers.get("x-request-id"),
      durationMs: expect.any(Number) as number,
    });
    expect(typeof logged[0]!.time).toBe("string");
    expect(JSON.stringify(logged[0])).not.toContain("dashboard");
  });

  it("takes a well-formed X-Request-Id from the trusted proxy and returns it; replaces a hostile one", async () => {
    const kept = await fetch(`${origin}/login`, { headers: { "x-request-id": "edge-7f3a.1:abc" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a.1:abc");
    for (const hostile of ["a b", "x".repeat(200), "<script>", "id;drop", ""]) {
      const replaced = await fetch(`${origin}/login`, { headers: { "x-request-id": hostile } });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("a creator's own domain", () => {
  it("never serves /healthz, /readyz or /metrics", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const { default: http } = await import("node:http");
    const domain = `ops-${randomUUID().slice(0, 8)}.example.com`;
    const user = await registeredUser("ops-domain");
    const profile = await user.caller.profile.updateSlug({ slug: `o_${randomUUID().slice(0, 8)}` });
    await getDatabase().prisma.customDomain.create({
      data: { profile_id: profile.id, domain, token: "t", status: "active", active_domain: domain, verified_at: new Date() },
    });
    await servedDomainsSettled();
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      const status = await new Promise<number>((resolve, reject) => {
        const { port } = new URL(origin);
        http
          .get({ host: "127.0.0.1", port, path, headers: { host: domain, authorization: `Bearer ${TOKEN}` } }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on("error", reject);
      });
      expect(status, path).toBe(404);
    }
  });
});

describe("a metrics listener of its own (METRICS_PORT)", () => {
  it("serves /metrics there without a token unless METRICS_TOKEN is set, and nothing else", async () => {
    const { createMetricsServer } = await import("@/server/pipeline/operations-endpoints");
    const metricsServer = createMetricsServer();
    await new Promise<void>((resolve) => metricsServer.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
    try {
      const open = await fetch(`${base}/metrics`);
      expect(open.status).toBe(200);
      expect(await open.text()).toContain("linkbio_analytics_queue_length");
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: "DELETE" })).status).toBe(405);
      process.env.METRICS_TOKEN = TOKEN;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    }
  });
});

describe("hostile metrics credentials", () => {
  it.each([
    ["no scheme", TOKEN],
    ["Basic", `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`],
    ["an empty bearer", "Bearer "],
    ["a prefix of the token", `Bearer ${TOKEN.slice(0, -1)}`],
    ["the token and more", `Bearer ${TOKEN}x`],
    ["a huge header", `Bearer ${"x".repeat(8_000)}`],
  ])("%s: 401, and nothing collected", async (_, authorization) => {
    process.env.METRICS_TOKEN = TOKEN;
    const answer = await fetch(`${origin}/metrics`, { headers: { authorization } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await answer.text()).not.toContain("linkbio_");
  });
});
