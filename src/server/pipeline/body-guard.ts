import { IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { tooLargeDetail } from "@/server/http/too-large";

/** How long a refused upload's connection keeps being read (and discarded) so the client sees the 413. */
const LINGER_MS = 2_000;

/**
 * The server's request class: counts body bytes as the HTTP parser hands them over, so a limit holds
 * for chunked bodies too without anything being buffered, and whoever reads the body later (Next)
 * reads the same stream untouched while it stays under the limit.
 */
export class LimitedRequest extends IncomingMessage {
  private limit = Number.POSITIVE_INFINITY;
  private received = 0;
  private onOverflow: (() => void) | null = null;
  private refused = false;

  /**
   * Calls `onOverflow` once when the body passes `limit` bytes; from then on the rest is dropped.
   * Returns true (having called it) when more than `limit` bytes have already arrived.
   */
  limitBody(limit: number, onOverflow: () => void): boolean {
    this.limit = limit;
    this.onOverflow = onOverflow;
    if (this.received <= limit) return false;
    this.refused = true;
    onOverflow();
    return true;
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (this.refused) return true;
    if (chunk !== null && chunk !== undefined) {
      this.received += (chunk as Buffer).byteLength;
      if (this.received > this.limit) {
        this.refused = true;
        this.onOverflow?.();
        return true;
      }
    }
    return super.push(chunk, encoding);
  }
}

function declaredLength(request: IncomingMessage): number | null {
  const header = request.headers["content-length"];
  return header === undefined || !/^\d+$/.test(header) ? null : Number(header);
}

type LingeringSocket = Socket & { destroySoon: () => void };

/**
 * Answers 413 and closes the connection. Node closes a `connection: close` socket through
 * destroySoon once the answer is written; here the client's further bytes are read and dropped for a
 * moment first, since closing with unread data resets the connection and can wipe the answer in
 * flight. Destroying the request at the end also ends any reader still waiting for the body.
 */
function refuse(request: IncomingMessage, response: ServerResponse, limit: number): void {
  const socket = request.socket as LingeringSocket;
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    setTimeout(() => request.destroy(), LINGER_MS).unref();
  };
  if (response.headersSent) {
    request.destroy();
    return;
  }
  const body = JSON.stringify({ detail: tooLargeDetail(limit) });
  response.writeHead(413, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), connection: "close" });
  response.end(body);
}

/**
 * Holds the request to `limit` body bytes: a declared length over it is answered 413 at once (and
 * returns true: nothing else may answer), as is a body already past it; a streamed body is counted
 * as it arrives and answered 413 the moment it passes, whoever was reading it.
 */
export function guardBody(request: LimitedRequest, response: ServerResponse, limit: number): boolean {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) {
    refuse(request, response, limit);
    return true;
  }
  return request.limitBody(limit, () => refuse(request, response, limit));
}
