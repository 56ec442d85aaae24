import { Agent, request as upstreamRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { log } from "@/server/logging/logger";
import { scriptsAfterFirstPaint } from "./scripts-after-paint";

// Headers of one connection, not of the request: each side of the socket sets its own.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

/** A browser loading a document (not Next's client asking for a screen's data): its HTML is rewritten. */
const loadsDocument = (request: IncomingMessage) =>
  request.method === "GET" &&
  !request.headers.rsc &&
  !request.url?.startsWith("/api/") &&
  (request.headers.accept ?? "").includes("text/html");

/** Whether the client takes gzip (an explicit q=0 refuses it). */
function takesGzip(request: IncomingMessage): boolean {
  const offered = String(request.headers["accept-encoding"] ?? "").split(",");
  return offered.some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    return (coding === "gzip" || coding === "*") && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

function upstreamHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers = endToEnd(request.headers);
  if (loadsDocument(request)) delete headers["accept-encoding"];
  return headers;
}

/**
 * A document's HTML is asked for uncompressed, so its scripts can be moved after the first paint
 * (scripts-after-paint.ts), and compressed here; each chunk is flushed as it comes, so a streamed
 * page still streams. Other answers pass as they are.
 */
function documentBody(request: IncomingMessage, answer: IncomingMessage, headers: IncomingHttpHeaders): Readable {
  if (!loadsDocument(request) || !String(answer.headers["content-type"] ?? "").startsWith("text/html")) return answer;
  delete headers["content-length"];
  const parts: (NodeJS.ReadableStream | NodeJS.WritableStream)[] = [answer, scriptsAfterFirstPaint()];
  if (takesGzip(request)) {
    headers["content-encoding"] = "gzip";
    parts.push(zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH }));
  }
  const last = parts.at(-1) as Readable;
  pipeline(parts, () => undefined);
  return last;
}

/**
 * Hands a request to the web app's thread on its socket and streams the answer back as it comes
 * (Next's streamed pages, file downloads). Idle connections are closed by this side first (the
 * thread's server keeps them far longer), so a request is never sent on one being closed.
 */
export function forwardTo(socketPath: string): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const agent = new Agent({ keepAlive: true, timeout: 30_000, maxFreeSockets: 32 });
  return (request, response) =>
    new Promise<void>((resolve) => {
      let abandoned = false;
      let answered = false;
      const upstream = upstreamRequest(
        { socketPath, agent, method: request.method, path: request.url, headers: upstreamHeaders(request) },
        (answer) => {
          // The main thread answered already (a body refused while it streamed): Next's answer is dropped.
          if (response.headersSent) {
            abandoned = true;
            upstream.destroy();
            return;
          }
          const headers = endToEnd(answer.headers);
          const body = documentBody(request, answer, headers);
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
          body.pipe(response);
          body.once("end", () => (answered = true));
          answer.once("error", () => response.destroy());
        },
      );
      upstream.once("error", (error) => {
        resolve();
        if (abandoned) return;
        if (response.headersSent) {
          response.destroy(error);
          return;
        }
        log().error({ err: error }, "The web app's thread did not answer");
        response.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Something went wrong.");
      });
      // A visitor who leaves (a navigation cancelling a prefetch), or an answer the main thread gave
      // itself, ends the work on the other side too.
      response.once("close", () => {
        resolve();
        if (answered) return;
        abandoned = true;
        upstream.destroy();
      });
      request.pipe(upstream);
    });
}
