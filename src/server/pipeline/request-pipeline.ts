import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { handlePublicRequest, serveCachedPage } from "@/server/public-page/handler";
import { guardBody, LimitedRequest } from "./body-guard";
import { bodyLimitFor } from "./body-limits";
import { answerMalformedPath } from "./malformed-path";
import { answerUnservedMethod, writeRawMethodNotAllowed } from "./methods";
import { answerHostileQuery } from "./query-shape";
import { throughUnknownPathLimit } from "./unknown-paths";
import { appContentSecurityPolicy, servedOverHttps, setApiHeaders, setAppHeaders, setBaseHeaders } from "./security-headers";
import { stampClientIp } from "./trusted-client-ip";
import { env } from "@/server/config/env";
import { log } from "@/server/logging/logger";
import { answerOperations } from "./operations-endpoints";
import { observeRequest } from "./request-observer";

export type AppHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/trpc/") || pathname === "/api/v1" || pathname.startsWith("/api/v1/");
}

function failed(response: ServerResponse, error: unknown): void {
  log().error({ err: error }, "Request failed");
  if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
  response.end("Something went wrong.");
}

/**
 * What every request passes before any route: the trusted client address, then a cached public
 * page answered at once; else headers every answer carries, the health and metrics endpoints (before
 * any limit or log line), the request id, log line and metrics, unserved methods, malformed paths,
 * JSON too deep or too wide (in a tRPC query or any body) and the body limit; then the
 * visitor-facing paths, and the web app (Next) for the rest. A client waiting for `100 Continue` is invited
 * only once nothing refused it.
 */
export function requestPipeline(app: AppHandler, trustProxy: boolean) {
  const dispatch = (request: IncomingMessage, response: ServerResponse): void => {
    handlePublicRequest(request, response)
      .then((handled) => {
        // A body refused while the fast paths looked at the request has had its answer already.
        if (handled || response.headersSent) return;
        return throughUnknownPathLimit(request, response, () => app(request, response));
      })
      .catch((error: unknown) => failed(response, error));
  };
  const admit = (request: IncomingMessage, response: ServerResponse, limit: number, expectsContinue: boolean): void => {
    if (guardBody(request as LimitedRequest, response, limit)) return;
    if (expectsContinue) response.writeContinue();
    dispatch(request, response);
  };
  // Settings read once: a setting's read costs a lookup in process.env, which adds up per request.
  const appUrl = env.APP_URL;
  const policy = appContentSecurityPolicy();
  return (request: IncomingMessage, response: ServerResponse, expectsContinue = false): void => {
    const https = servedOverHttps(request, trustProxy, appUrl);
    stampClientIp(request, trustProxy);
    // A visitor's cached page: no body to limit, a served method, a well-formed path, headers of its own.
    if (serveCachedPage(request, response, https)) return;
    setBaseHeaders(response, https);
    setAppHeaders(response, policy);
    const pathname = (request.url ?? "/").split("?")[0]!;
    if (answerOperations(request, response, pathname)) return;
    observeRequest(request, response, pathname, trustProxy);
    if (answerUnservedMethod(request, response)) return;
    if (answerMalformedPath(request, response)) return;
    if (isApiPath(pathname)) setApiHeaders(response);
    if (answerHostileQuery(request, response, pathname)) return;
    const limit = bodyLimitFor(request.method!, pathname, request.headers);
    if (typeof limit === "number") admit(request, response, limit, expectsContinue);
    else limit.then((known) => admit(request, response, known, expectsContinue)).catch((error: unknown) => failed(response, error));
  };
}

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Node's own answer to a request it cannot parse, except that an unknown method gets our 405. */
function answerClientError(error: ParserError, socket: Duplex & { _httpMessage?: ServerResponse | null }): void {
  // As Node does: never write into an answer already under way on this connection.
  if (socket.writable && !socket._httpMessage?.headersSent) {
    if (error.code === "HPE_INVALID_METHOD")
      return writeRawMethodNotAllowed(socket, error.rawPacket?.toString("latin1").split(" ")[0] ?? "");
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy(error);
}

/** The HTTP server: requests counted by LimitedRequest, CONNECT and unparsable methods answered 405. */
export function createAppServer(app: AppHandler, trustProxy: boolean): Server {
  const pipeline = requestPipeline(app, trustProxy);
  const server = createServer({ IncomingMessage: LimitedRequest }, pipeline);
  // A client that asks before sending (Expect: 100-continue) is told to go on only if nothing refused it yet.
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => pipeline(request, response, true));
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => writeRawMethodNotAllowed(socket, "CONNECT"));
  server.on("clientError", answerClientError);
  return server;
}
