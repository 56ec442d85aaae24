import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { limitMessage, takeAttempt, usedUp } from "@/server/services/rate-limit/limits";

function addressOf(request: IncomingMessage): string | null {
  const stamped = request.headers[CLIENT_IP_HEADER];
  return typeof stamped === "string" && stamped ? stamped : null;
}

/**
 * Paths the app does not know cost a trip through Next, far more than a page: each 404 Next answers
 * counts against the client's address, and an address past its limit is answered 429 before Next,
 * for as long as the limit says (docs/accounts.md#abuse-limits).
 */
export async function throughUnknownPathLimit(request: IncomingMessage, response: ServerResponse, next: () => unknown): Promise<void> {
  const address = addressOf(request);
  const wait = await usedUp("unknownPath", address);
  if (wait > 0) {
    const body = limitMessage("unknownPath", wait);
    response
      .writeHead(429, { "content-type": "text/plain; charset=utf-8", "retry-after": String(wait), "cache-control": "no-store" })
      .end(request.method === "HEAD" ? undefined : body);
    return;
  }
  response.once("finish", () => {
    if (response.statusCode === 404) void takeAttempt("unknownPath", address);
  });
  await next();
}
