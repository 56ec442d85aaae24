import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp, type HttpLogger } from "pino-http";
import { hostOfHeader } from "@/lib/domains/normalize-domain";
import { log, type Logger } from "@/server/logging/logger";
import { metricsIfEnabled } from "@/server/metrics/registry";
import { servedDomain } from "@/server/services/domains/served-domains";
import { isAssetPath, routePattern } from "./route-pattern";

export const REQUEST_ID_HEADER = "x-request-id";
const TRUSTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface ObservedRequest extends IncomingMessage {
  pathname?: string;
}

/** The proxy's X-Request-Id when it is trusted and well-formed, else a new one. */
export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const offered = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
  return typeof offered === "string" && TRUSTED_ID.test(offered) ? offered : randomUUID();
}

function routeOf(request: ObservedRequest, response: ServerResponse): string {
  return routePattern(request.pathname ?? "/", response.statusCode, servedDomain(hostOfHeader(request.headers.host)) !== undefined);
}

function lineOf(request: ObservedRequest, response: ServerResponse, durationMs: unknown) {
  return { method: request.method, route: routeOf(request, response), status: response.statusCode, durationMs };
}

let httpLogger: { logger: Logger; http: HttpLogger } | null = null;

/** One line per request when its answer is sent: method, route pattern, status, duration and request id, nothing else. */
function requestLogger(): HttpLogger {
  if (httpLogger?.logger === log()) return httpLogger.http;
  const http = pinoHttp({
    logger: log(),
    genReqId: (request) => request.id ?? randomUUID(),
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    customAttributeKeys: { reqId: "requestId", responseTime: "durationMs" },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: (request, response) => `${request.method} ${routeOf(request, response)} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${routeOf(request, response)} ${response.statusCode}`,
    customSuccessObject: (request, response, value: { durationMs: unknown }) => lineOf(request, response, value.durationMs),
    customErrorObject: (request, response, error, value: { durationMs: unknown }) => ({
      ...lineOf(request, response, value.durationMs),
      err: error,
    }),
  });
  httpLogger = { logger: log(), http };
  return http;
}

/**
 * Everything but a cached public page passes here: it gets a request id (returned in X-Request-Id),
 * a log line unless it is an asset, and a place in the request metrics when they are on.
 */
export function observeRequest(request: IncomingMessage, response: ServerResponse, pathname: string, trustProxy: boolean): void {
  const observed = request as ObservedRequest;
  const id = requestIdOf(request, trustProxy);
  request.id = id;
  observed.pathname = pathname;
  response.setHeader(REQUEST_ID_HEADER, id);
  if (!isAssetPath(pathname)) requestLogger()(request, response);
  const metrics = metricsIfEnabled();
  if (!metrics) return;
  const started = performance.now();
  response.once("finish", () => {
    const labels = {
      route: routeOf(observed, response),
      method: METHODS.has(request.method ?? "") ? request.method! : "other",
      status: String(response.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, (performance.now() - started) / 1000);
  });
}
