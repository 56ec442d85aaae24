import { connect, type Socket } from "node:net";

/** HTTP/1.1 spoken by hand, for what fetch hides: framing, early answers, connection reuse. */

export interface RawAnswer {
  status: number;
  /** The status line and headers, lower-cased. */
  head: string;
  body: string;
}

/** Reads one answer (Content-Length framed) from the socket's incoming bytes. */
export function nextAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.byteLength < end + 4 + length) return;
      socket.off("data", onData);
      socket.off("error", reject);
      const body = buffered.subarray(end + 4, end + 4 + length).toString("utf8");
      resolve({ status: Number(head.split(" ")[1]), head: head.toLowerCase(), body });
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

export function openSocket(port: number, host = "127.0.0.1"): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => resolve(socket));
    socket.once("error", reject);
  });
}

export function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));
}

/** Sends one request as written and reads its answer; the socket stays open for the caller. */
export async function exchange(port: number, request: string): Promise<{ answer: RawAnswer; socket: Socket }> {
  const socket = await openSocket(port);
  const answer = nextAnswer(socket);
  socket.write(request);
  return { answer: await answer, socket };
}

export interface Upload {
  method?: string;
  path: string;
  total: number;
  framing: "declared" | "chunked";
  /** Extra header lines, each ending in \r\n. */
  headers?: string;
}

/**
 * Sends `total` body bytes in 64 KB pieces (length declared up front, or chunked), stopping as soon
 * as an answer arrives. Returns the answer, how many body bytes had been sent by then, and the socket.
 */
export async function upload(port: number, { method = "POST", path, total, framing, headers = "" }: Upload) {
  const socket = await openSocket(port);
  const answer = nextAnswer(socket);
  let answered = false;
  answer.then(
    () => (answered = true),
    () => (answered = true),
  );
  const length = framing === "declared" ? `Content-Length: ${total}` : "Transfer-Encoding: chunked";
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}${length}\r\n\r\n`);
  const piece = Buffer.alloc(64 * 1024, "x");
  let sent = 0;
  while (sent < total && !answered && socket.writable) {
    const size = Math.min(piece.byteLength, total - sent);
    const bytes = piece.subarray(0, size);
    const framed = framing === "chunked" ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]) : bytes;
    sent += size;
    if (!socket.write(framed)) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        socket.once("drain", done);
        void answer.then(done, done);
      });
    } else {
      // A server that reads fast never pushes back; yielding still lets an answer that arrived stop the loop.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (framing === "chunked" && sent === total && socket.writable) socket.write("0\r\n\r\n");
  return { answer: await answer, sent, socket };
}
