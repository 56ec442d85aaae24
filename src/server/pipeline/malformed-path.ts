import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Answers a request whose path has broken percent-encoding (Next would answer a bare 500): the
 * REST API with its JSON error shape, pages as an unknown route (a redirect to /404). Returns
 * whether it answered.
 */
export function answerMalformedPath(request: IncomingMessage, response: ServerResponse): boolean {
  const pathname = (request.url ?? "/").split("?")[0]!;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    if (pathname.startsWith("/api/")) {
      response
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ detail: "Malformed URL: invalid percent-encoding in the path.", code: "validation_error" }));
    } else {
      response.writeHead(307, { location: "/404" }).end();
    }
    return true;
  }
}
