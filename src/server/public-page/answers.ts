import type { IncomingMessage, ServerResponse } from "node:http";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";

/** The answers the visitor routes share: 404, JSON, and 503 while the database is unreachable. */

const NOT_FOUND_TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

export const RETRY_LATER = { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" };

export function notFound(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(404, NOT_FOUND_TEXT).end(request.method === "HEAD" ? undefined : "Not found");
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Runs `serve`; when the database is unreachable and nothing was sent yet, answers with `unavailable` instead. */
export async function unlessDatabaseDown(response: ServerResponse, serve: () => Promise<void>, unavailable: () => void): Promise<void> {
  try {
    await serve();
  } catch (error) {
    if (!isDatabaseUnavailable(error) || response.headersSent) throw error;
    unavailable();
  }
}

export function clickUnavailable(response: ServerResponse): void {
  response
    .writeHead(503, { "content-type": "application/json", ...RETRY_LATER })
    .end(JSON.stringify({ detail: DATABASE_UNAVAILABLE_MESSAGE, code: "service_unavailable" }));
}

export function imageUnavailable(response: ServerResponse): void {
  response.writeHead(503, { "content-type": "text/plain; charset=utf-8", ...RETRY_LATER }).end("Please try again in a few seconds.");
}
