import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { closed, exchange, upload } from "../raw-http";
import { account, baseUrl, call, createLink, http, type Account } from "./support";

/**
 * What an outside attacker tried: oversize bodies on every route family, unserved methods, missing
 * security headers, and a forged Host header leaking into what later visitors get.
 */

const MB = 1024 * 1024;
const port = Number(new URL(baseUrl).port);
const origin = `http://localhost:${port}`;

let me: Account;
beforeAll(async () => {
  me = await account("hardening");
});

describe("body limits", () => {
  it("refuses a declared 50 MB tRPC body before it is sent, and closes the connection", async () => {
    const { answer, sent, socket } = await upload(port, { path: "/api/trpc/auth.login?batch=1", total: 50 * MB, framing: "declared" });
    expect(answer.status).toBe(413);
    expect(answer.head).toContain("content-type: application/json");
    expect(answer.head).toContain("connection: close");
    expect(JSON.parse(answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
    expect(sent).toBeLessThan(50 * MB);
    await closed(socket);
  });

  it("refuses a chunked 50 MB tRPC body as soon as it passes the limit, and closes the connection", async () => {
    const { answer, sent, socket } = await upload(port, { path: "/api/trpc/auth.login?batch=1", total: 50 * MB, framing: "chunked" });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toMatch(/too large/);
    expect(sent, "answered long before the body was sent").toBeLessThan(20 * MB);
    await closed(socket);
  });

  it("closes a keep-alive connection after a chunked REST body over its limit, instead of hanging", async () => {
    const headers = `Authorization: Bearer ${me.access}\r\nConnection: keep-alive\r\n`;
    const { answer, socket } = await upload(port, { path: "/api/v1/links/", total: 3 * MB, framing: "chunked", headers });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: "Request body is too large (at most 1 MB).", code: "payload_too_large" });
    await closed(socket);
  });

  it("holds next-auth to 64 KB", async () => {
    const { answer, socket } = await upload(port, { path: "/api/auth/callback/credentials", total: 200 * 1024, framing: "declared" });
    expect(answer.status).toBe(413);
    socket.destroy();
  });

  it("still takes a signed-in design save carrying a 4.5 MB image through tRPC", async () => {
    // A real picture (uploads are decoded): 1250×1200 of noise, stored uncompressed, about 4.5 MB.
    const noise = {
      width: 1250,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    } as const;
    const png = await sharp({ create: noise }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.byteLength).toBeGreaterThan(4_400_000);
    const image = `data:image/png;base64,${png.toString("base64")}`;
    const response = await fetch(`${baseUrl}/api/trpc/design.save`, {
      method: "POST",
      headers: { authorization: `Bearer ${me.access}`, "content-type": "application/json" },
      body: JSON.stringify({ json: { background_image_url: image } }),
    });
    expect(response.status, (await response.text()).slice(0, 300)).toBe(200);
  });
});

describe("methods", () => {
  it("answers TRACE, TRACK and CONNECT on any route with 405 and Allow", async () => {
    const requests = [
      `TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `TRACE /api/trpc/auth.me HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `TRACE /api/v1/links/ HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `TRACE /${me.slug} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `TRACK /login HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n`,
    ];
    for (const request of requests) {
      const { answer, socket } = await exchange(port, request);
      socket.destroy();
      expect(answer.status, request).toBe(405);
      expect(answer.head, request).toMatch(/\r\nallow: get, head, post, put, patch, delete, options/);
      expect(JSON.parse(answer.body), request).toEqual({
        detail: expect.stringMatching(/^Method "\w+" not allowed\.$/),
        code: "method_not_allowed",
      });
    }
  });
});

describe("security headers", () => {
  it("gives the public page a policy that allows only its own resources", async () => {
    const page = await fetch(`${baseUrl}/${me.slug}`);
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy")!;
    for (const directive of ["default-src 'none'", "script-src 'self'", "base-uri 'none'", "object-src 'none'", "frame-ancestors *"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain("frame-src");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBeNull();
  });

  it("gives the app's pages, their 404s and assets the app's headers", async () => {
    for (const path of ["/login", "/docs/api", "/no/such/page"]) {
      const page = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      const policy = page.headers.get("content-security-policy") ?? "";
      for (const directive of [
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self' https://accounts.google.com",
      ]) {
        expect(policy, path).toContain(directive);
      }
      expect(page.headers.get("x-frame-options"), path).toBe("DENY");
      expect(page.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(page.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(page.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    const html = await (await fetch(`${baseUrl}/login`)).text();
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of [script, "/_next/static/nothing.js", "/api/assets/0000"]) {
      expect((await fetch(`${baseUrl}${path}`)).headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("marks tRPC and REST answers private and unsniffable", async () => {
    const trpc = await fetch(`${baseUrl}/api/trpc/auth.me`, { headers: { authorization: `Bearer ${me.access}` } });
    expect(trpc.status).toBe(200);
    expect(trpc.headers.get("cache-control")).toBe("private, no-store");
    expect(trpc.headers.get("x-content-type-options")).toBe("nosniff");
    const rest = await call("auth.user", { token: me.access });
    expect(rest.headers.get("cache-control")).toBe("private, no-store");
    expect(rest.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends no Strict-Transport-Security over plain http from an untrusted proxy header", async () => {
    const page = await fetch(`${baseUrl}/login`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });
});

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, headers: { host, "x-forwarded-host": host, ...headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the Host header changes nothing other visitors get", () => {
  it("keeps canonical and og:image on the configured origin after a forged Host renders the page", async () => {
    const owner = await account("hostile");
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888888" } })
      .png()
      .toBuffer();
    const avatar = `data:image/png;base64,${png.toString("base64")}`;
    expect((await call("profile.updateMe", { token: owner.access, body: { avatar_url: avatar, display_name: "Host Test" } })).status).toBe(
      200,
    );

    const forged = await getWithHost(`/${owner.slug}`, "evil.example");
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain("evil.example");
    const html = await (await fetch(`${baseUrl}/${owner.slug}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${origin}/${owner.slug}"/>`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${origin}/${owner.slug}/og\\.png\\?v=[\\w-]+"/>`));
    expect(html).not.toContain("evil.example");
  });

  it("builds REST paging links and redirects without the Host header", async () => {
    const owner = await account("paging");
    for (let index = 0; index < 21; index++) await createLink(owner.access, { title: `Link ${index}` });
    const page = await getWithHost("/api/v1/links/", "evil.example", { authorization: `Bearer ${owner.access}` });
    expect(JSON.parse(page.body).next).toBe(`${origin}/api/v1/links/?page=2`);

    for (const path of ["/dashboard", "/api/session/expire"]) {
      const redirect = await getWithHost(path, "evil.example");
      expect([302, 303, 307, 308], path).toContain(redirect.status);
      expect(redirect.location, path).not.toContain("evil.example");
    }
    expect((await http("GET", "/links/", { token: owner.access })).body.next).toBe(`${origin}/api/v1/links/?page=2`);
  });
});
