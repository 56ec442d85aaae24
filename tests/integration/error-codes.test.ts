import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CODE_NAMES, ERROR_CODES } from "@/lib/openapi/error-codes";
import { buildOpenApiDocument } from "@/server/rest/openapi";
import { operations } from "@/server/rest/operations";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { apiToken, rest, restAccount, type RestAnswer } from "./rest-client";

type ErrorResponse = { description: string; content: { "application/json": { schema: { properties: { code: { enum: string[] } } } } } };
type OperationObject = { operationId: string; responses: Record<string, ErrorResponse> };

const document = buildOpenApiDocument();
const byId = new Map<string, OperationObject>(
  Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((op) => [(op as OperationObject).operationId, op as OperationObject]),
  ),
);

/** The codes the document lists for one operation's answers with this status. */
function documentedCodes(id: string, status: number): string[] {
  return byId.get(id)?.responses[String(status)]?.content["application/json"].schema.properties.code.enum ?? [];
}

/** The table under "Error codes" in docs/api.md, as [code, status, meaning] rows. */
function readmeTable(): [string, number, string][] {
  const readme = readFileSync("docs/api.md", "utf8");
  const section = readme.slice(readme.indexOf("- **Error codes.**"));
  return [...section.matchAll(/^\s*\| `([a-z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map((row) => [row[1]!, Number(row[2]), row[3]!]);
}

describe("the error-code table", () => {
  it("is the table in docs/api.md, row for row", () => {
    expect(readmeTable()).toEqual(Object.entries(ERROR_CODES).map(([code, { status, meaning }]) => [code, status, meaning]));
  });

  it("is what the OpenAPI document uses: every listed code is in the table under its status, every code is listed somewhere", () => {
    const listed = new Set<string>();
    for (const [id, op] of byId) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const codes = response.content["application/json"].schema.properties.code.enum;
        expect(codes.length, `${id} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(ERROR_CODE_NAMES, `${id} ${status}`).toContain(code);
          expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status, `${id} lists ${code} under ${status}`).toBe(Number(status));
          listed.add(code);
        }
        expect(response.description, `${id} ${status}`).toContain(codes.map((code) => `\`${code}\``).join(", "));
      }
    }
    expect([...listed].sort()).toEqual([...ERROR_CODE_NAMES].sort());
    const schema = (document.components.schemas as Record<string, { properties: { code: { enum: string[] } } }>).Error!;
    expect(schema.properties.code.enum).toEqual(ERROR_CODE_NAMES);
  });

  it("documents insufficient_scope, invalid_token and rate_limited on every Bearer call, idempotency_key_reused on the idempotent ones", () => {
    for (const [id, op] of Object.entries(operations)) {
      if (op.auth === "bearer") {
        expect(documentedCodes(id, 403), id).toContain("insufficient_scope");
        expect(documentedCodes(id, 401), id).toEqual(expect.arrayContaining(["not_authenticated", "invalid_token"]));
        expect(documentedCodes(id, 429), id).toContain("rate_limited");
      }
      expect(documentedCodes(id, 422).includes("idempotency_key_reused"), id).toBe(Boolean(op.idempotent));
    }
  });
});

describe("every answered code is one the operation documents", () => {
  const seen: [string, RestAnswer][] = [];
  function expectCode(id: string, answer: RestAnswer, code: string): void {
    expect(answer.body?.code, `${id}: ${JSON.stringify(answer.body)}`).toBe(code);
    expect(documentedCodes(id, answer.status), `${id} ${answer.status}`).toContain(code);
    seen.push([id, answer]);
  }

  it("for each code a request can provoke", async () => {
    const { access, email } = await restAccount("codes");
    const { token } = await apiToken(access, ["links:read"]);
    expectCode("link.create", await rest("POST", "/links/", { token: access, body: { title: "" } }), "validation_error");
    const again = { email, password: "correct horse battery", password_confirm: "correct horse battery" };
    expectCode("auth.register", await rest("POST", "/auth/register/", { body: again }), "conflict");
    const taken = (await rest("GET", "/profiles/me/", { token: access })).body.profile.slug as string;
    const { access: other } = await restAccount("codes2");
    expectCode("profile.updateSlug", await rest("POST", "/profiles/update-slug/", { token: other, body: { slug: taken } }), "conflict");
    expectCode(
      "auth.login",
      await rest("POST", "/auth/login/", { body: { email: "nobody@example.com", password: "wrong password" } }),
      "invalid_credentials",
    );
    expectCode("link.list", await rest("GET", "/links/"), "not_authenticated");
    expectCode("link.list", await rest("GET", "/links/", { token: "lb_nothing" }), "invalid_token");
    expectCode("link.list", await rest("GET", "/links/", { token: "not.a.jwt" }), "invalid_token");
    expectCode("link.create", await rest("POST", "/links/", { token, body: { title: "x", url: "example.com" } }), "insufficient_scope");
    expectCode("link.get", await rest("GET", `/links/c${"0".repeat(24)}/`, { token: access }), "not_found");
    expectCode(
      "link.create",
      await rest("POST", "/links/", { token: access, body: { title: "x".repeat(2_000_000) } }),
      "payload_too_large",
    );
    const headers = { "idempotency-key": "codes" };
    await rest("POST", "/links/", { token: access, body: { title: "a", url: "example.com" }, headers });
    expectCode(
      "link.create",
      await rest("POST", "/links/", { token: access, body: { title: "b", url: "example.com" }, headers }),
      "idempotency_key_reused",
    );
    process.env.RATE_LIMIT_API_TOKEN_PER_MINUTE = "1";
    reloadRateLimits();
    try {
      await rest("GET", "/links/", { token });
      expectCode("link.list", await rest("GET", "/links/", { token }), "rate_limited");
    } finally {
      delete process.env.RATE_LIMIT_API_TOKEN_PER_MINUTE;
      reloadRateLimits();
    }
    const wrongMethod = await rest("PUT", "/links/");
    expect(wrongMethod.body.code).toBe("method_not_allowed");
    expect(new Set([...seen.map(([, answer]) => answer.body.code), "method_not_allowed"]).size).toBe(11);
  });
});
