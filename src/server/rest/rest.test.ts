import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toTRPCError } from "@/server/api/errors";
import { insufficientScope, NOT_AUTHENTICATED_MESSAGE, notAuthenticated, ServiceError } from "@/server/services/errors";
import { readJsonBody } from "./body";
import { corsHeaders, preflightHeaders } from "./cors";
import { errorAnswer, RestError } from "./errors";
import { allowedMethods, matchPath } from "./match";
import { paginate } from "./pagination";

const idOf = (path: string, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE") =>
  matchPath(path.split("/").filter(Boolean))?.template.methods.get(method);

describe("route matching", () => {
  it("prefers fixed segments to parameters", () => {
    expect(idOf("profiles/me", "GET")).toBe("profile.me");
    expect(idOf("profiles/someone", "GET")).toBe("profile.public");
    expect(idOf("profiles/profiles/current", "GET")).toBe("profile.current");
    expect(idOf("profiles/profiles/abc", "GET")).toBe("profile.get");
    expect(idOf("links/reorder", "POST")).toBe("link.reorder");
    expect(idOf("links/abc", "PATCH")).toBe("link.update");
  });

  it("lists the methods of a path for Allow", () => {
    expect(allowedMethods(matchPath(["links"])!.template)).toEqual(["GET", "POST", "HEAD", "OPTIONS"]);
    expect(allowedMethods(matchPath(["profiles", "check-slug"])!.template)).toEqual(["POST", "OPTIONS"]);
  });

  it("leaves the click beacon and unknown paths unmatched", () => {
    expect(matchPath(["links", "abc", "click"])).toBeNull();
    expect(matchPath(["nothing"])).toBeNull();
    expect(matchPath(["links", ""])).toBeNull();
  });
});

describe("error answers", () => {
  it("maps service errors with their fields, conflicts as bad input with their own code", () => {
    const cause = new ServiceError("CONFLICT", "This username is already taken", { fields: { slug: ["This username is already taken"] } });
    expect(errorAnswer(new TRPCError({ code: "CONFLICT", message: cause.message, cause }), { invalidBearer: false })).toEqual({
      status: 400,
      body: { detail: "This username is already taken", code: "conflict", slug: ["This username is already taken"] },
      headers: {},
    });
  });

  it("reports wrapped body fields under their wire names", () => {
    const result = z
      .strictObject({ id: z.string(), data: z.strictObject({ title: z.string().min(1, "Title is required") }) })
      .safeParse({ id: "x", data: { title: "" } });
    const answer = errorAnswer(new TRPCError({ code: "BAD_REQUEST", message: "Title is required", cause: result.error }), {
      invalidBearer: false,
    });
    expect(answer?.body).toEqual({ detail: "Title is required", code: "validation_error", title: ["Title is required"] });
  });

  it("adds WWW-Authenticate to 401 and Retry-After to 429", () => {
    const unauthorized = errorAnswer(toTRPCError(notAuthenticated()), { invalidBearer: true });
    expect(unauthorized).toMatchObject({
      status: 401,
      headers: { "www-authenticate": 'Bearer error="invalid_token"' },
      body: { detail: "Access token is invalid or expired.", code: "invalid_token" },
    });
    const cause = new ServiceError("TOO_MANY_REQUESTS", "Too many", { retryAfterSeconds: 42.2 });
    expect(errorAnswer(new TRPCError({ code: "TOO_MANY_REQUESTS", message: "Too many", cause }), { invalidBearer: false })).toMatchObject({
      status: 429,
      headers: { "retry-after": "43" },
      body: { code: "rate_limited" },
    });
    const scope = errorAnswer(toTRPCError(insufficientScope()), { invalidBearer: false });
    expect(scope).toMatchObject({
      status: 403,
      headers: { "www-authenticate": 'Bearer error="insufficient_scope"' },
      body: { code: "insufficient_scope" },
    });
  });

  it("decides a rejected token's wording and code by the error's reason, not by its message", () => {
    const wrongPassword = new ServiceError("UNAUTHORIZED", "Invalid credentials");
    expect(errorAnswer(toTRPCError(wrongPassword), { invalidBearer: true })?.body).toEqual({
      detail: "Invalid credentials",
      code: "invalid_credentials",
    });
    const sameTextNoReason = new ServiceError("UNAUTHORIZED", NOT_AUTHENTICATED_MESSAGE);
    expect(errorAnswer(toTRPCError(sameTextNoReason), { invalidBearer: true })?.body).toEqual({
      detail: NOT_AUTHENTICATED_MESSAGE,
      code: "invalid_credentials",
    });
    expect(errorAnswer(toTRPCError(notAuthenticated()), { invalidBearer: false })?.body).toEqual({
      detail: NOT_AUTHENTICATED_MESSAGE,
      code: "not_authenticated",
    });
  });

  it("leaves unexpected errors to the caller (answered 500 and logged)", () => {
    expect(errorAnswer(new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "boom" }), { invalidBearer: false })).toBeNull();
    expect(errorAnswer(new Error("boom"), { invalidBearer: false })).toBeNull();
    expect(errorAnswer(new RestError(405, "no", { allow: "GET" }), { invalidBearer: false })).toEqual({
      status: 405,
      body: { detail: "no", code: "method_not_allowed" },
      headers: { allow: "GET" },
    });
  });
});

describe("pagination", () => {
  const items = Array.from({ length: 45 }, (_, index) => index);
  const url = new URL("https://api.example.com/api/v1/links/?page=2&x=1");

  it("pages by 20 with absolute links that keep other parameters", () => {
    expect(paginate(items, url, { page: 2 })).toEqual({
      count: 45,
      next: "https://api.example.com/api/v1/links/?page=3&x=1",
      previous: "https://api.example.com/api/v1/links/?x=1",
      results: items.slice(20, 40),
    });
    expect(paginate([], url, {})).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("refuses pages past the end and malformed pages", () => {
    expect(() => paginate(items, url, { page: 4 })).toThrow(RestError);
    expect(() => paginate(items, url, { page: "two" })).toThrow(z.ZodError);
  });
});

describe("request bodies", () => {
  const request = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/api/v1/links/", { method: "POST", body, headers });

  it("parses JSON, treats an empty body as none, and reports malformed JSON", async () => {
    await expect(readJsonBody(request('{"a":1}'), 100)).resolves.toEqual({ a: 1 });
    await expect(readJsonBody(request("  "), 100)).resolves.toBeUndefined();
    await expect(readJsonBody(request("{"), 100)).rejects.toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^JSON parse error/),
    });
  });

  it("stops at the limit, declared or streamed", async () => {
    await expect(readJsonBody(request("x".repeat(200)), 100)).rejects.toMatchObject({ status: 413 });
    await expect(readJsonBody(request("{}", { "content-length": "5000" }), 100)).rejects.toMatchObject({ status: 413 });
  });

  it("answers a body cut off mid-stream with 400", async () => {
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":'));
        controller.error(new Error("Premature close"));
      },
    });
    const broken = new Request("http://localhost/api/v1/links/", { method: "POST", body: cutOff, duplex: "half" } as RequestInit);
    await expect(readJsonBody(broken, 100)).rejects.toMatchObject({
      status: 400,
      detail: "The request body ended before it was complete.",
    });
  });
});

describe("CORS", () => {
  it("answers listed origins only", () => {
    process.env.CORS_ORIGINS = "https://a.example.com/, https://B.example.com";
    const from = (origin: string, extra: Record<string, string> = {}) =>
      new Request("http://localhost/api/v1/links/", { headers: { origin, ...extra } });
    expect(corsHeaders(from("https://a.example.com").headers)["access-control-allow-origin"]).toBe("https://a.example.com");
    expect(corsHeaders(from("https://b.example.com").headers)["access-control-allow-origin"]).toBe("https://b.example.com");
    expect(corsHeaders(from("https://c.example.com").headers)).toEqual({ vary: "Origin" });
    expect(
      preflightHeaders(from("https://a.example.com", { "access-control-request-method": "POST" }).headers, ["GET", "POST"]),
    ).toMatchObject({
      "access-control-allow-methods": "GET, POST",
    });
    expect(preflightHeaders(from("https://c.example.com", { "access-control-request-method": "POST" }).headers, ["GET"])).toEqual({});
    delete process.env.CORS_ORIGINS;
  });
});
