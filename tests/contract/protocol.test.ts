import { beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_ORIGIN } from "./global-setup";
import { account, baseUrl, call, createLink, expectSchema, http, type Account } from "./support";

/** What every call shares: paths, methods, body limits, error shape, CORS; and the docs page. */

let me: Account;
beforeAll(async () => {
  me = await account("protocol");
});

describe("paths", () => {
  it("answers with and without the trailing slash, never through a redirect", async () => {
    for (const slash of [true, false]) {
      expect((await call("auth.user", { token: me.access, slash })).status).toBe(200);
      expect((await call("profile.public", { params: { slug: me.slug }, slash })).status).toBe(200);
      expect((await call("auth.login", { body: { email: me.email, password: "correct horse battery" }, slash })).status).toBe(200);
    }
    expect((await http("GET", "/openapi.json/")).status).toBe(200);
  });

  it("answers unknown paths with a JSON 404", async () => {
    for (const path of ["/nothing/", "/links/a/b/c/", "/auth/", "/profiles/profiles/a/b/"]) {
      const answer = await http("GET", path, { token: me.access });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ detail: "Not found.", code: "not_found" });
    }
  });

  it("answers broken percent-encoding in the path with a JSON 400", async () => {
    for (const path of ["/links/%E0%A4%A/", "/%zz"]) {
      const answer = await http("GET", path, { token: me.access });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toEqual({ detail: "Malformed URL: invalid percent-encoding in the path.", code: "validation_error" });
    }
  });

  it("prefers fixed paths to parameters: /profiles/me/ is not the profile 'me'", async () => {
    expect((await http("GET", "/profiles/me/", { token: me.access })).body.user.id).toBe(me.userId);
    const wrong = await http("GET", "/profiles/check-slug/");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const answer = await http("PUT", "/links/", { token: me.access, body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(answer.body).toEqual({ detail: 'Method "PUT" not allowed.', code: "method_not_allowed" });
    expect((await http("POST", "/auth/user/", { token: me.access })).headers.get("allow")).toBe("GET, DELETE, HEAD, OPTIONS");
  });

  it("answers HEAD like GET without a body, and OPTIONS with Allow", async () => {
    const head = await http("HEAD", "/auth/user/", { token: me.access });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    const options = await http("OPTIONS", "/links/{id}/".replace("{id}", "abc"));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
  });
});

describe("bodies and errors", () => {
  it("answers malformed JSON with 400 and a JSON parse error", async () => {
    const answer = await http("POST", "/auth/login/", { rawBody: '{"email": ', headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^JSON parse error/);
    await expectSchema("#/components/schemas/ValidationError", answer.body);
  });

  it("answers a body that is not an object with 400", async () => {
    const answer = await call("auth.login", { body: ["email"] });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(["detail", "code"]);
  });

  it("refuses bodies over 1 MB with 413, and allows about 15 MB of design uploads", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    const answer = await call("link.create", { token: me.access, body: { title: "Big", url: big } });
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toMatch(/too large/);

    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const image = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(9_000_000)]).toString("base64")}`;
    const upload = await call("design.save", { token: me.access, body: { background_image_url: image } });
    expect(upload.status, upload.text.slice(0, 300)).not.toBe(413);
    const tooBig = await call("design.save", {
      token: me.access,
      rawBody: `{"background_image_url":"${"x".repeat(16 * 1024 * 1024)}"}`,
      headers: { "content-type": "application/json" },
    });
    expect(tooBig.status).toBe(413);
  });

  it("never answers with HTML or a stack trace", async () => {
    const answers = [
      await http("GET", "/links/", { token: "garbage" }),
      await http("POST", "/links/", { token: me.access, rawBody: "<xml/>" }),
      await http("DELETE", "/profiles/profiles/x/delete/", { token: me.access }),
      await http("GET", ""),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(answer.text).not.toMatch(/<html|at \w+ \(|node_modules/i);
    }
  });
});

describe("CORS", () => {
  it("answers preflights and calls for listed origins only", async () => {
    const preflight = await http("OPTIONS", "/links/", {
      headers: {
        origin: ALLOWED_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST, HEAD");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);

    const allowed = await call("auth.user", { token: me.access, headers: { origin: ALLOWED_ORIGIN } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    const refused = await call("link.list", { headers: { origin: ALLOWED_ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(refused.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);

    const stranger = "https://evil.example.com";
    const strangerPreflight = await http("OPTIONS", "/links/", { headers: { origin: stranger, "access-control-request-method": "POST" } });
    expect(strangerPreflight.headers.get("access-control-allow-origin")).toBeNull();
    const strangerCall = await call("auth.user", { token: me.access, headers: { origin: stranger } });
    expect(strangerCall.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets listed origins send click beacons as JSON, which needs a preflight", async () => {
    const link = await createLink(me.access);
    const path = `/links/${link.id as string}/click/`;
    const preflight = await http("OPTIONS", path, { headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("allow")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST");
    const click = await http("POST", path, { headers: { origin: ALLOWED_ORIGIN }, body: { referrer: "https://example.com/" } });
    expect(click.status).toBe(204);
    expect(click.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);

    const stranger = await http("OPTIONS", path, {
      headers: { origin: "https://evil.example.com", "access-control-request-method": "POST" },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect((await http("GET", path)).headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("document and docs page", () => {
  it("serves the OpenAPI document, and the interactive reference with its assets from this server", async () => {
    const document = await http("GET", "/openapi.json");
    expect(document.headers.get("content-type")).toContain("application/json");
    expect(document.body.info.title).toBe("Linkbio REST API");

    for (const path of ["/docs/api", "/docs/api/"]) {
      const page = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html).toContain("/docs/api/assets/swagger-ui.css");
      const external = [...html.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"/g)].map((match) => match[1]);
      expect(external, "nothing loaded from other hosts").toEqual([]);
    }
    for (const asset of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const response = await fetch(`${baseUrl}/docs/api/assets/${asset}`);
      expect(response.status, asset).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  });

  it("keeps the web app's pages reachable with and without a trailing slash", async () => {
    for (const path of ["/login", "/login/", "/register", "/register/", "/"]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(200);
    }
    for (const path of ["/dashboard", "/dashboard/", "/links/"]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect([302, 303, 307, 308], path).toContain(response.status);
      expect(new URL(response.headers.get("location")!, baseUrl).pathname, path).toBe("/login");
    }
    for (const path of [`/${me.slug}`, `/${me.slug}/`, `/u/${me.slug}/`]) {
      expect((await fetch(`${baseUrl}${path}`, { redirect: "manual" })).status, path).toBe(200);
    }
  });
});
