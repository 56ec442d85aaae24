import { Agent, request as upstreamRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { log } from "@/server/logging/logger";

// Headers of one connection, not of the request: each side of the socket sets its own.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
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
        { socketPath, agent, method: request.method, path: request.url, headers: endToEnd(request.headers) },
        (answer) => {
          // The main thread answered already (a body refused while it streamed): Next's answer is dropped.
          if (response.headersSent) {
            abandoned = true;
            upstream.destroy();
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
          answer.pipe(response);
          answer.once("end", () => (answered = true));
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
