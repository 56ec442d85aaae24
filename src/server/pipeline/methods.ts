import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** The only methods any route serves; TRACE, CONNECT and the rest are refused before routing. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = SERVED_METHODS.join(", ");

function detail(method: string): string {
  return JSON.stringify({ detail: `Method "${method}" not allowed.`, code: "method_not_allowed" });
}

/** Answers 405 with Allow for a method no route serves; returns whether it answered. */
export function answerUnservedMethod(request: IncomingMessage, response: ServerResponse): boolean {
  const method = request.method ?? "";
  if (SERVED_METHODS.includes(method)) return false;
  const body = detail(method);
  response
    .writeHead(405, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), allow: ALLOW })
    .end(body);
  return true;
}

/** The same 405, written on the raw socket: for CONNECT and for methods Node's parser does not know (TRACK). */
export function writeRawMethodNotAllowed(socket: Duplex, method: string): void {
  // The parser has let go of this socket, so nothing else closes it if the client keeps it open.
  setTimeout(() => socket.destroy(), 1_000).unref();
  const body = detail(method.replace(/[^\x21-\x7e]/g, "").slice(0, 20));
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\n" +
      `Allow: ${ALLOW}\r\n` +
      "Content-Type: application/json\r\n" +
      "X-Content-Type-Options: nosniff\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
