import type { IncomingMessage, Server, ServerResponse } from "node:http";

const NO_STORE = { "content-type": "application/json", "cache-control": "no-store" };

function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const pathname = (request.url ?? "/").split("?")[0];
  if (pathname === "/healthz") {
    response.writeHead(200, NO_STORE).end('{"status":"ok"}');
    return;
  }
  const body =
    pathname === "/readyz" ? { status: "starting", checks: {} } : { detail: "The server is starting. Please try again in a few seconds." };
  response.writeHead(503, { ...NO_STORE, "retry-after": "5" }).end(JSON.stringify(body));
}

/**
 * The port is taken first, so a port in use stops start-up before the database is opened; until the
 * returned `ready` is called every request but /healthz gets 503 (readiness: starting).
 */
export function holdUntilReady(server: Server): () => void {
  const requestListeners = server.listeners("request") as ((...args: unknown[]) => void)[];
  const continueListeners = server.listeners("checkContinue") as ((...args: unknown[]) => void)[];
  server.removeAllListeners("request");
  server.removeAllListeners("checkContinue");
  server.on("request", answerStarting);
  return () => {
    server.off("request", answerStarting);
    for (const listener of requestListeners) server.on("request", listener);
    for (const listener of continueListeners) server.on("checkContinue", listener);
  };
}
