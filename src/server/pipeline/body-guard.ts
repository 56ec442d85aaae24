import { IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { JsonShapeMeter } from "@/lib/hostile-input";
import { tooLargeDetail } from "@/server/http/too-large";

/** How long a refused upload's connection keeps being read (and discarded) so the client sees the 413. */
const LINGER_MS = 2_000;

/** Why a body is refused: past its byte limit (413), or JSON too deep or too wide (400). */
type Refusal = { status: 413 } | { status: 400; detail: string };

/**
 * The server's request class: counts body bytes and measures the JSON shape (depth, number of
 * values) as the HTTP parser hands them over, so a limit holds for chunked bodies too without
 * anything being buffered, and a body too deep or too wide is refused before anything parses it.
 * Whoever reads the body later (Next) reads the same stream untouched while it stays within limits.
 */
export class LimitedRequest extends IncomingMessage {
  private limit = Number.POSITIVE_INFINITY;
  private received = 0;
  private onRefusal: ((refusal: Refusal) => void) | null = null;
  private pending: Refusal | null = null;
  private refused = false;
  /** Made with the first body byte: most requests (every page view) have none. */
  private shape: JsonShapeMeter | null = null;

  /**
   * Calls `onRefusal` once when the body passes `limit` bytes or its JSON passes the shape limits;
   * from then on the rest is dropped. Returns true (having called it) when that happened already.
   */
  guardBody(limit: number, onRefusal: (refusal: Refusal) => void): boolean {
    this.limit = limit;
    this.onRefusal = onRefusal;
    const refusal: Refusal | null = this.received > limit ? { status: 413 } : this.pending;
    if (!refusal) return false;
    this.refused = true;
    onRefusal(refusal);
    return true;
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (this.refused || this.pending) return true;
    if (chunk !== null && chunk !== undefined) {
      this.received += (chunk as Buffer).byteLength;
      const problem = this.received > this.limit ? null : (this.shape ??= new JsonShapeMeter()).write(chunk as Buffer);
      const refusal: Refusal | null = this.received > this.limit ? { status: 413 } : problem ? { status: 400, detail: problem } : null;
      if (refusal) {
        // Before a guard is set (its limit may still be loading) the refusal waits for it.
        if (!this.onRefusal) this.pending = refusal;
        else {
          this.refused = true;
          this.onRefusal(refusal);
        }
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
 * Answers the refusal (413, or 400 for JSON too deep or too wide) and closes the connection. Node
 * closes a `connection: close` socket through destroySoon once the answer is written; here the
 * client's further bytes are read and dropped for a moment first, since closing with unread data
 * resets the connection and can wipe the answer in flight. Destroying the request at the end also
 * ends any reader still waiting for the body.
 */
function refuse(request: IncomingMessage, response: ServerResponse, limit: number, refusal: Refusal): void {
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
  const body = JSON.stringify(
    refusal.status === 413
      ? { detail: tooLargeDetail(limit), code: "payload_too_large" }
      : { detail: refusal.detail, code: "validation_error" },
  );
  response.writeHead(refusal.status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  });
  response.end(body);
}

/**
 * Holds the request to `limit` body bytes and to the JSON shape limits: a declared length over the
 * limit is answered 413 at once (and returns true: nothing else may answer), as is a body already
 * refused; a streamed body is checked as it arrives and answered the moment it fails, whoever was
 * reading it.
 */
export function guardBody(request: LimitedRequest, response: ServerResponse, limit: number): boolean {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) {
    refuse(request, response, limit, { status: 413 });
    return true;
  }
  return request.guardBody(limit, (refusal) => refuse(request, response, limit, refusal));
}
