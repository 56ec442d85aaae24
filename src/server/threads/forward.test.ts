import fs from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { forwardTo } from "./forward";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(server: Server, where: string | number = 0): Promise<string | number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(where, () => resolve(typeof where === "string" ? where : (server.address() as { port: number }).port)),
  );
}

const socketPath = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "forward-")), "web.sock");

/** The main thread's side: a server whose every request goes to the socket. */
async function front(socket: string): Promise<number> {
  const forward = forwardTo(socket);
  return (await listen(createServer((req, res) => void forward(req, res)))) as number;
}

function send(port: number, method: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    const sent = request({ port, method, path: "/somewhere?x=1", headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = (answer.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
        resolve({ status: answer.statusCode!, headers: answer.headers, body: text });
      });
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

describe("forwarding to the web app's thread", () => {
  it("carries the method, path, headers and body there, and the status, headers and streamed body back", async () => {
    const socket = socketPath();
    await listen(
      createServer((req, res) => {
        let body = "";
        req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        req.on("end", () => {
          res.writeHead(201, {
            "x-seen": [req.method, req.url, req.headers["x-client"], req.headers.connection].join(" "),
            "set-cookie": ["a=1", "b=2"],
          });
          res.write(`got ${body}`);
          setTimeout(() => res.end(" and more"), 20);
        });
      }),
      socket,
    );
    const answer = await send(await front(socket), "POST", "hello", { "x-client": "kept", connection: "close" });
    expect(answer.status).toBe(201);
    // The client's own connection header stays on its hop; the hop to the thread keeps its connection alive.
    expect(answer.headers["x-seen"]).toBe("POST /somewhere?x=1 kept keep-alive");
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(answer.body).toBe("got hello and more");
  });

  it("answers 502 when the thread does not answer", async () => {
    const answer = await send(await front(path.join(os.tmpdir(), "no-such-thread.sock")), "GET");
    expect(answer.status).toBe(502);
  });

  it("ends the work on the thread's side when the visitor leaves before the answer", async () => {
    const socket = socketPath();
    let closedThere!: () => void;
    const closed = new Promise<void>((resolve) => (closedThere = resolve));
    await listen(
      createServer((_req, res) => {
        res.on("close", closedThere);
      }),
      socket,
    );
    const port = await front(socket);
    const leaving = request({ port, path: "/slow" });
    leaving.on("error", () => undefined);
    leaving.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.destroy();
    await closed;
  });

  describe("a document's HTML", () => {
    const SCRIPT = '<script src="/_next/static/chunks/a.js" async=""></script>';

    /** The thread's side: answers HTML (uncompressed, since it was not offered gzip) and tells what it was sent. */
    async function pageThread(contentType = "text/html; charset=utf-8"): Promise<number> {
      const socket = socketPath();
      await listen(
        createServer((req, res) => {
          res.writeHead(200, { "content-type": contentType, "x-encodings": String(req.headers["accept-encoding"] ?? "none") });
          res.write(`<html><head>${SCRIPT.slice(0, 20)}`);
          setTimeout(() => res.end(`${SCRIPT.slice(20)}</head><body>Hi</body></html>`), 20);
        }),
        socket,
      );
      return front(socket);
    }

    const browser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", "accept-encoding": "gzip, deflate, br" };

    it("is asked for uncompressed, its scripts are queued for after the first paint, and it is sent gzipped", async () => {
      const answer = await send(await pageThread(), "GET", undefined, browser);
      expect(answer.headers["x-encodings"]).toBe("none");
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.body).toContain('<script>__linkbioScript("/_next/static/chunks/a.js")</script></head><body>Hi</body>');
      expect(answer.body).not.toContain(SCRIPT);
    });

    it("is sent plain to a client that refuses gzip", async () => {
      const answer = await send(await pageThread(), "GET", undefined, { ...browser, "accept-encoding": "gzip;q=0" });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body).toContain("__linkbioScript");
    });

    it("is left alone when Next's client asks for a screen's data, and other answers keep their encoding offer", async () => {
      const data = await send(await pageThread(), "GET", undefined, { ...browser, rsc: "1" });
      expect(data.headers["x-encodings"]).toBe("gzip, deflate, br");
      expect(data.body).toContain(SCRIPT);
      const json = await send(await pageThread("application/json"), "GET", undefined, { "accept-encoding": "gzip" });
      expect(json.headers["x-encodings"]).toBe("gzip");
      expect(json.body).toContain(SCRIPT);
    });
  });
});
