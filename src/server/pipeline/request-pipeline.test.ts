import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closed, exchange, upload as uploadTo, type Upload } from "../../../tests/raw-http";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { registerAccount } from "@/server/services/auth/accounts";
import { signInDevice, startSession } from "@/server/services/auth/sessions";
import { signAccessToken } from "@/server/services/auth/tokens";
import { createAppServer } from "./request-pipeline";

/**
 * The real request pipeline on a port of its own, in front of a stand-in for Next that reads the
 * whole body the way a route handler does and reports how many bytes it got.
 */

const MB = 1024 * 1024;
let server: Server;
let port: number;
const received: number[] = [];

async function readLikeARouteHandler(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let size = 0;
  for await (const chunk of request) size += (chunk as Buffer).byteLength;
  received.push(size);
  const body = JSON.stringify({ size });
  response.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) }).end(body);
}

const upload = (path: string, total: number, framing: Upload["framing"], headers = "", method = "POST") =>
  uploadTo(port, { path, total, framing, headers, method });

/** Header lines of a signed-in web session and of a live REST access token. */
let webCredentials: string;
let bearerCredentials: string;

beforeAll(async () => {
  const password = "correct horse battery";
  const user = await registerAccount(db(), { email: `pipeline-${randomUUID()}@example.com`, password, password_confirm: password }, null);
  const device = signInDevice(new Headers(), null);
  const cookie = await encode({
    token: { sub: user.id, sid: await startSession(db(), user.id, "web", device) },
    secret: process.env.AUTH_SECRET!,
  });
  webCredentials = `Cookie: next-auth.session-token=${cookie}\r\n`;
  bearerCredentials = `Authorization: Bearer ${await signAccessToken(user.id, await startSession(db(), user.id, "api", device))}\r\n`;
  server = createAppServer(readLikeARouteHandler, false);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("body limits, before anything is buffered", () => {
  it("refuses a declared 50 MB tRPC body at once, and closes the connection", async () => {
    const before = received.length;
    const { answer, sent, socket } = await upload("/api/trpc/auth.login", 50 * MB, "declared");
    expect(answer.status).toBe(413);
    expect(answer.head).toContain("connection: close");
    expect(answer.head).toContain("content-type: application/json");
    expect(JSON.parse(answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
    expect(sent).toBeLessThan(50 * MB);
    await closed(socket);
    expect(received.length, "the route never ran").toBe(before);
  });

  it("refuses a chunked 50 MB tRPC body once it passes the limit, while the route is reading it", async () => {
    const rssBefore = process.memoryUsage().rss;
    const { answer, sent, socket } = await upload("/api/trpc/auth.login", 50 * MB, "chunked");
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toMatch(/too large/);
    expect(sent, "answered long before the whole body was sent").toBeLessThan(20 * MB);
    await closed(socket);
    expect(process.memoryUsage().rss - rssBefore, "nothing near the body's size was kept").toBeLessThan(40 * MB);
  });

  it("refuses an oversize body announced with Expect: 100-continue without inviting it", async () => {
    const { answer, socket } = await exchange(
      port,
      "POST /api/trpc/auth.login HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 52428800\r\n\r\n",
    );
    expect(answer.status).toBe(413);
    socket.destroy();
    const small = await exchange(
      port,
      "POST /api/trpc/auth.login HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
    );
    expect(small.answer.status).toBe(100);
    small.socket.destroy();
  });

  it("lets Next read a body under the limit untouched, declared or chunked", async () => {
    for (const framing of ["declared", "chunked"] as const) {
      const { answer, socket } = await upload("/api/trpc/auth.login", 900 * 1024, framing);
      expect(answer.status, framing).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ size: 900 * 1024 });
      socket.destroy();
    }
  });

  it("gives design saves with credentials room for their uploads, and guests only the default", async () => {
    const allowed = await upload("/api/trpc/design.save,profile.updateMe?batch=1", 20 * MB, "chunked", webCredentials);
    expect(allowed.answer.status).toBe(200);
    allowed.socket.destroy();
    const guest = await upload("/api/trpc/design.save?batch=1", 2 * MB, "chunked");
    expect(guest.answer.status).toBe(413);
    guest.socket.destroy();
  });

  it("checks credentials before a larger limit applies: a forged cookie or token gets only the default", async () => {
    for (const forged of ["Cookie: next-auth.session-token=x\r\n", "Authorization: Bearer x\r\n"]) {
      const { answer, socket } = await upload("/api/trpc/design.save?batch=1", 2 * MB, "declared", forged);
      expect(answer.status, forged).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
      socket.destroy();
    }
    const rest = await upload("/api/v1/profiles/design/", 2 * MB, "declared", "Authorization: Bearer forged\r\n", "PUT");
    expect(rest.answer.status).toBe(413);
    rest.socket.destroy();
  });

  it("gives procedure names that are no procedure, or prototype keys, only the default", async () => {
    const { answer, socket } = await upload("/api/trpc/__proto__,constructor,design.nothing?batch=1", 2 * MB, "chunked", webCredentials);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
    socket.destroy();
  });

  it("keeps REST's documented limits: 1 MB, 15 MB for design and profile updates", async () => {
    const bearer = bearerCredentials;
    const small = await upload("/api/v1/links/", 2 * MB, "declared", bearer);
    expect(small.answer.status).toBe(413);
    expect(JSON.parse(small.answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
    small.socket.destroy();
    const design = await upload("/api/v1/profiles/design/", 16 * MB, "declared", bearer, "PUT");
    expect(JSON.parse(design.answer.body)).toEqual({ detail: "Request body is too large (at most 15 MB).", code: "payload_too_large" });
    design.socket.destroy();
  });

  it("holds next-auth to 64 KB", async () => {
    const { answer, socket } = await upload("/api/auth/callback/credentials", 100 * 1024, "chunked");
    expect(answer.status).toBe(413);
    socket.destroy();
  });
});

describe("methods no route serves", () => {
  async function raw(request: string) {
    const { answer, socket } = await exchange(port, request);
    socket.destroy();
    return answer;
  }

  it("answers TRACE, TRACK and CONNECT with 405 and Allow", async () => {
    for (const request of [
      "TRACE /api/trpc/auth.me HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "TRACK /login HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n",
    ]) {
      const answer = await raw(request);
      expect(answer.status, request).toBe(405);
      expect(answer.head, request).toContain("allow: get, head, post, put, patch, delete, options");
      expect(JSON.parse(answer.body).detail, request).toMatch(/^Method "(TRACE|TRACK|CONNECT)" not allowed\.$/);
    }
  });
});

describe("headers on every answer", () => {
  it("sends nosniff everywhere and the app's policy on what Next answers", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/dashboard/nowhere`);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
    const api = await fetch(`http://127.0.0.1:${port}/api/trpc/auth.me`);
    expect(api.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives the custom server's own answers the app's headers, and public pages a Permissions-Policy but no framing ban", async () => {
    const base = `http://127.0.0.1:${port}`;
    const answers = {
      favicon: await fetch(`${base}/favicon.ico`),
      asset: await fetch(`${base}/_lb/nothing.css`),
      shareImage: await fetch(`${base}/u/nobody_here/og.png`),
      beaconRefusal: await fetch(`${base}/api/v1/links/some-link/click/`, { method: "GET" }),
      malformed: await fetch(`${base}/%E0%A4%A`),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get("x-frame-options"), name).toBe("DENY");
      expect(answer.headers.get("content-security-policy"), name).toMatch(/^script-src 'self' 'unsafe-inline'.*frame-ancestors 'none'/);
      expect(answer.headers.get("referrer-policy"), name).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("permissions-policy"), name).toContain("camera=()");
      expect(answer.headers.get("x-content-type-options"), name).toBe("nosniff");
    }
    const page = await fetch(`${base}/nobody_here`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("adds Strict-Transport-Security over https: an https APP_URL, or a trusted proxy's X-Forwarded-Proto", async () => {
    const behindProxy = createAppServer(readLikeARouteHandler, true);
    await new Promise<void>((resolve) => behindProxy.listen(0, "127.0.0.1", resolve));
    const configured = process.env.APP_URL;
    const proxied = `http://127.0.0.1:${(behindProxy.address() as AddressInfo).port}/dashboard/nowhere`;
    try {
      expect((await fetch(proxied, { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toBe(
        "max-age=31536000",
      );
      expect((await fetch(proxied)).headers.get("strict-transport-security")).toBeNull();
      const direct = `http://127.0.0.1:${port}/dashboard/nowhere`;
      expect(
        (await fetch(direct, { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security"),
        "untrusted header",
      ).toBeNull();
      process.env.APP_URL = "https://links.example.com";
      expect((await fetch(direct)).headers.get("strict-transport-security")).toBe("max-age=31536000");
    } finally {
      if (configured === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = configured;
      await new Promise<void>((resolve) => behindProxy.close(() => resolve()));
    }
  });
});
