import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_TOO_DEEP_MESSAGE, JSON_TOO_WIDE_MESSAGE, MAX_JSON_DEPTH } from "@/lib/hostile-input";
import { closed, exchange } from "../../../tests/raw-http";
import { createAppServer } from "./request-pipeline";

/**
 * The real request pipeline in front of a stand-in for Next that parses JSON bodies the way a route
 * handler does: a body too deep or too wide is answered 400 by the pipeline and never parsed.
 */

let server: Server;
let port: number;
const parsed: string[] = [];

async function parseLikeARouteHandler(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length > 0) JSON.parse(Buffer.concat(chunks).toString("utf8"));
  parsed.push(request.url ?? "");
  response.writeHead(200, { "content-type": "application/json", "content-length": "2" }).end("{}");
}

beforeAll(async () => {
  server = createAppServer(parseLikeARouteHandler, false);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const deep = (levels: number) => `{"json":${"[".repeat(levels)}${"]".repeat(levels)}}`;
const wide = (values: number) => `{"email":[${Array.from({ length: values }, () => "0").join(",")}]}`;

function post(path: string, body: string, contentType = "application/json") {
  return exchange(
    port,
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const ROUTES = [
  ["REST log-in", "/api/v1/auth/login/"],
  ["tRPC log-in", "/api/trpc/auth.login"],
  ["tRPC batch", "/api/trpc/auth.login,auth.refresh?batch=1"],
  ["next-auth's credentials callback", "/api/auth/callback/credentials"],
] as const;

describe("JSON bodies too deep or too wide, before anything parses them", () => {
  it.each(ROUTES)("%s: 10,000 levels answered 400, never parsed", async (_name, path) => {
    const before = parsed.length;
    const { answer, socket } = await post(path, deep(10_000));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: JSON_TOO_DEEP_MESSAGE, code: "validation_error" });
    expect(answer.head).toContain("connection: close");
    await closed(socket);
    expect(parsed.length, "the route never parsed it").toBe(before);
  });

  it.each(ROUTES)("%s: 20,000 values answered 400, never parsed", async (_name, path) => {
    const before = parsed.length;
    const { answer, socket } = await post(path, wide(20_000));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: JSON_TOO_WIDE_MESSAGE, code: "validation_error" });
    await closed(socket);
    expect(parsed.length).toBe(before);
  });

  it("lets a body at the depth limit through to the route", async () => {
    const before = parsed.length;
    const { answer, socket } = await post("/api/v1/auth/login/", deep(MAX_JSON_DEPTH - 1));
    expect(answer.status).toBe(200);
    socket.destroy();
    expect(parsed.length).toBe(before + 1);
  });

  it("refuses deep JSON sent without a JSON content type too", async () => {
    const { answer, socket } = await post("/api/trpc/auth.login", deep(5_000), "text/plain");
    expect(answer.status).toBe(400);
    socket.destroy();
  });

  it("refuses a tRPC GET whose input in the query is too deep", async () => {
    const input = encodeURIComponent(deep(2_000));
    const { answer, socket } = await exchange(port, `GET /api/trpc/profile.checkSlug?input=${input} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: JSON_TOO_DEEP_MESSAGE, code: "validation_error" });
    socket.destroy();
  });
});
