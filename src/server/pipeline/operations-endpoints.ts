import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { env } from "@/server/config/env";
import { readiness } from "@/server/health/readiness";
import { hostOfHeader } from "@/lib/domains/normalize-domain";
import { log } from "@/server/logging/logger";
import { enableMetrics } from "@/server/metrics/registry";
import { servedDomain } from "@/server/services/domains/served-domains";

const NO_STORE = { "cache-control": "no-store" };
const JSON_TYPE = { "content-type": "application/json", ...NO_STORE };

function methodNotAllowed(response: ServerResponse): void {
  response.writeHead(405, { allow: "GET, HEAD", ...JSON_TYPE }).end(JSON.stringify({ detail: "Use GET." }));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Prometheus text of this process's metrics; with a token, only for `Authorization: Bearer <token>`. */
function serveMetrics(request: IncomingMessage, response: ServerResponse, token: string | undefined): void {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim() ?? "";
    if (!sameSecret(given, token)) {
      response
        .writeHead(401, { "www-authenticate": 'Bearer realm="metrics"', ...JSON_TYPE })
        .end(JSON.stringify({ detail: "A metrics token is required." }));
      return;
    }
  }
  enableMetrics()
    .then(async ({ registry }) => {
      const text = await registry.metrics();
      response.writeHead(200, { "content-type": registry.contentType, ...NO_STORE }).end(request.method === "HEAD" ? undefined : text);
    })
    .catch((error: unknown) => {
      log().error({ err: error }, "Metrics could not be collected");
      response.writeHead(500, JSON_TYPE).end(JSON.stringify({ detail: "Metrics could not be collected." }));
    });
}

function serveReadiness(request: IncomingMessage, response: ServerResponse): void {
  void readiness().then((ready) => {
    const failing = Object.entries(ready.checks).find(([, check]) => check.status !== "ok")?.[0];
    const body = failing ? { ...ready, failing } : ready;
    response.writeHead(ready.status === "ok" ? 200 : 503, JSON_TYPE).end(request.method === "HEAD" ? undefined : JSON.stringify(body));
  });
}

/**
 * /healthz (the process answers), /readyz (it can serve) and /metrics (with METRICS_TOKEN): answered
 * before rate limits and request logs, and never on a creator's own domain. False for anything else.
 */
export function answerOperations(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
  if (pathname !== "/healthz" && pathname !== "/readyz" && pathname !== "/metrics") return false;
  if (servedDomain(hostOfHeader(request.headers.host))) return false;
  const token = pathname === "/metrics" ? env.METRICS_TOKEN : undefined;
  if (pathname === "/metrics" && !token) return false;
  if (request.method !== "GET" && request.method !== "HEAD") {
    methodNotAllowed(response);
    return true;
  }
  if (pathname === "/healthz") response.writeHead(200, JSON_TYPE).end(request.method === "HEAD" ? undefined : '{"status":"ok"}');
  else if (pathname === "/readyz") serveReadiness(request, response);
  else serveMetrics(request, response, token);
  return true;
}

/** A listener of its own for /metrics (METRICS_PORT, on METRICS_HOST or 127.0.0.1), where a scraper on a private network reads it. */
export function createMetricsServer(): Server {
  return createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?")[0];
    if (pathname !== "/metrics") {
      response.writeHead(404, JSON_TYPE).end(JSON.stringify({ detail: "Only /metrics is served here." }));
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(response);
    serveMetrics(request, response, env.METRICS_TOKEN);
  });
}
