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
      const upstream = upstreamRequest(
        { socketPath, agent, method: request.method, path: request.url, headers: endToEnd(request.headers) },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
          answer.pipe(response);
          answer.once("end", resolve);
          answer.once("error", () => response.destroy());
        },
      );
      upstream.once("error", (error) => {
        if (response.headersSent) response.destroy(error);
        else {
          log().error({ err: error }, "The web app's thread did not answer");
          response
            .writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" })
            .end("Something went wrong.");
        }
        resolve();
      });
      // A visitor who leaves ends the work on the other side too.
      response.once("close", () => {
        if (!response.writableFinished) upstream.destroy();
        resolve();
      });
      request.pipe(upstream);
    });
}
