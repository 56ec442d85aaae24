// npm run fuzz:api [-- --cases 40 --seed 1 --url http://127.0.0.1:3000]
// Walks the published OpenAPI document and sends every operation generated cases: a valid call, then
// per field boundary values (at, below and past each documented limit), wrong types, deep and wide
// JSON, huge values and Unicode edges (NUL, lone surrogates, bidi overrides, joiners, BOM, U+FFFF),
// hostile path segments and query values, bodies that are not objects or not JSON, with and without
// a token. Every answer is checked: no 5xx, a documented status (or 413, 414, 429 or 431, which any call may get),
// and a JSON answer valid against the documented schema. Without --url it starts server.ts
// (production build) on a scratch database. Prints the tally and every finding; exits non-zero on
// any answer of 500 or above, and on undocumented answers.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { startApp, type AppProcess } from "./app-process";
import { benchDatabase, migrate, prng } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "60" },
    seed: { type: "string", default: "1" },
    url: { type: "string" },
    port: { type: "string", default: process.env.OPS_PORT ?? "3170" },
  },
});
const CASES_PER_OPERATION = Number(values.cases);
const random = prng(Number(values.seed));

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Text every string field gets at least once: the edges of Unicode and of JSON. */
const HOSTILE_TEXT = [
  "",
  " ",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil\u202c",
  "👩‍👩‍👧‍👦".repeat(20),
  "e\u0301\u0301\u0301\u0301",
  "\ufeffbom",
  "\uffff\ufffe",
  "𝕏".repeat(300),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%2e%2e%2f",
  "javascript:alert(1)",
  "__proto__",
  "x".repeat(100_000),
];
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1e308, -0.5, 2 ** 53 + 1, "", [], {}, ["a"], { a: 1 }];

/** Stands for JSON nested `levels` deep; `json()` writes it out as text (JSON.stringify itself would overflow). */
function deep(levels: number): string {
  return `\u0001deep:${levels}\u0001`;
}

function json(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(/"\\u0001deep:(\d+)\\u0001"/g, (_match, levels: string) => {
    const n = Number(levels);
    return `${"[".repeat(n)}"x"${"]".repeat(n)}`;
  });
}

class Generator {
  constructor(
    private readonly document: Document,
    private readonly ids: Record<string, string>,
  ) {}

  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 20; hops++) {
      current = this.document.components.schemas[current.$ref.split("/").pop()!] ?? {};
    }
    return current;
  }

  /** A value the schema accepts, as far as a generator can tell. */
  valid(schema: Schema | undefined, name = ""): unknown {
    const s = this.resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const choice = s.anyOf ?? s.oneOf;
    if (choice) return this.valid(choice.find((option) => this.resolve(option).type !== "null") ?? choice[0], name);
    if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => this.valid(part, name)));
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
    switch (type) {
      case "string":
        if (s.format === "email") return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
        if (s.format === "uri" || /url/i.test(name)) return "https://example.com/";
        if (s.pattern?.startsWith("^c[a-z0-9]")) return this.ids[name] ?? this.ids.link ?? "c000000000000000000000000";
        if (/slug/.test(name)) return `fuzz_${randomUUID().slice(0, 8)}`;
        if (/password/.test(name)) return "correct horse battery";
        return "a".repeat(Math.max(1, s.minLength ?? 1));
      case "integer":
      case "number":
        return s.minimum ?? 1;
      case "boolean":
        return true;
      case "array":
        return Array.from({ length: s.minItems ?? 0 }, () => this.valid(s.items, name));
      case "object": {
        const object: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(s.properties ?? {})) object[key] = this.valid(property, key);
        return object;
      }
      default:
        return "a";
    }
  }

  /** Values at and around the schema's limits, of the wrong type, and hostile ones. */
  edges(schema: Schema | undefined): unknown[] {
    const s = this.resolve(schema);
    const out: unknown[] = [...WRONG_TYPES, deep(40), deep(5_000)];
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
    if (type === "string" || s.enum || s.pattern) {
      out.push(...HOSTILE_TEXT);
      for (const length of [s.minLength, s.maxLength]) {
        if (length === undefined) continue;
        out.push("a".repeat(length), "a".repeat(length + 1), "é".repeat(length + 1), "a".repeat(Math.max(0, length - 1)));
      }
      if (s.enum) out.push(`${String(s.enum[0])} `, String(s.enum[0]).toUpperCase());
    }
    if (type === "integer" || type === "number") {
      for (const limit of [s.minimum, s.maximum]) if (limit !== undefined) out.push(limit, limit - 1, limit + 1, limit + 0.5);
      out.push(Number.MAX_SAFE_INTEGER, "12", "1e3", "NaN");
    }
    if (type === "array") {
      out.push(
        Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => this.valid(s.items)),
        [null],
        HOSTILE_TEXT,
      );
      out.push(Array.from({ length: 20_000 }, () => 0));
    }
    return out;
  }
}

/** Too large (body, URL, headers) and too many: answers any call may get before it is routed. */
const ANY_CALL_MAY_GET = new Set([413, 414, 429, 431]);

interface Case {
  label: string;
  path: string;
  query: URLSearchParams;
  body?: string;
  contentType?: string;
  token: boolean;
}

/**
 * Percent-encodes a path segment: dots too, so ".." reaches the server rather than being resolved by
 * the URL parser; a lone surrogate goes as the bytes a careless client would send (invalid UTF-8).
 */
function encode(text: string): string {
  return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? "%ED%A0%80" : char === "." ? "%2E" : encodeURIComponent(char))).join("");
}

function concretePath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? "");
}

function casesOf(generator: Generator, template: string, operation: Operation): Case[] {
  const needsToken = Boolean(operation.security?.length);
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path");
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === "query");
  const validPath: Record<string, string> = {};
  for (const param of pathParams) validPath[param.name] = String(generator.valid(param.schema, param.name === "id" ? "link" : param.name));
  const encodedPath = (values: Record<string, string>) =>
    concretePath(template, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encode(v)])));
  const validQuery = new URLSearchParams();
  for (const param of queryParams) if (param.required) validQuery.set(param.name, String(generator.valid(param.schema, param.name)));
  const bodySchema = operation.requestBody?.content["application/json"]?.schema;
  const validBody = bodySchema ? (generator.valid(bodySchema) as Record<string, unknown>) : undefined;
  const base = (label: string, change: Partial<Case> = {}): Case => ({
    label,
    path: encodedPath(validPath),
    query: new URLSearchParams(validQuery),
    body: validBody === undefined ? undefined : json(validBody),
    contentType: "application/json",
    token: needsToken,
    ...change,
  });

  const cases: Case[] = [base("valid"), base("without a token", { token: false }), base("with a token", { token: true })];
  for (const param of pathParams) {
    // Not "" nor "..": an empty segment makes another path (which Next redirects to), and fetch's URL
    // parser resolves ".." (even as %2E%2E) before sending.
    for (const value of [...HOSTILE_TEXT.slice(1, 16), "x".repeat(5_000), "...", "%", "c000000000000000000000000"]) {
      cases.push(base(`path ${param.name}=${json(value).slice(0, 30)}`, { path: encodedPath({ ...validPath, [param.name]: value }) }));
    }
  }
  for (const param of queryParams) {
    for (const value of generator.edges(param.schema)) {
      const query = new URLSearchParams(validQuery);
      query.set(param.name, typeof value === "string" ? value : json(value));
      cases.push(base(`query ${param.name}=${json(value).slice(0, 30)}`, { query }));
    }
  }
  if (validBody !== undefined) {
    const properties = Object.entries(generator.resolve(bodySchema).properties ?? {});
    for (const [name, schema] of properties) {
      for (const value of generator.edges(schema)) {
        cases.push(base(`body ${name}=${json(value).slice(0, 30)}`, { body: json({ ...validBody, [name]: value }) }));
      }
      const { [name]: _dropped, ...without } = validBody;
      cases.push(base(`body without ${name}`, { body: json(without) }));
    }
    for (const [label, body] of [
      ["body null", "null"],
      ["body an array", "[]"],
      ["body a string", '"x"'],
      ["body not JSON", "{"],
      ["body with an unknown field", json({ ...validBody, unknown_field: 1 })],
      ["body with a __proto__ key", json(validBody).replace(/^\{/, '{"__proto__":{"admin":true},')],
      ["body nested 10,000 deep", json({ ...validBody, x: deep(10_000) })],
      ["body with 20,000 values", json({ ...validBody, x: Array.from({ length: 20_000 }, () => 0) })],
      ["body of 2 MB", json({ ...validBody, x: "a".repeat(2 * 1024 * 1024) })],
      ["body in a lone surrogate", json(validBody).replace(/"a"/, '"\\ud800"')],
    ] as const) {
      cases.push(base(label, { body }));
    }
    cases.push(
      base("body as text/plain", { contentType: "text/plain" }),
      base("body as a form", { contentType: "application/x-www-form-urlencoded" }),
    );
  }
  return cases;
}

/** A seeded sample of at most `limit` cases, always keeping the first three (valid, without and with a token). */
function sample(cases: Case[], limit: number): Case[] {
  if (cases.length <= limit) return cases;
  const rest = cases.slice(3);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...cases.slice(0, 3), ...rest.slice(0, Math.max(0, limit - 3))];
}

interface Account {
  token: string;
  ids: Record<string, string>;
}

async function freshAccount(api: string): Promise<Account> {
  const password = "correct horse battery";
  const email = `fuzz-${randomUUID()}@example.com`;
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${api}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await post("/auth/register/", { email, password, password_confirm: password });
  const { access } = (await post("/auth/login/", { email, password })) as { access: string };
  const slug = `fz_${randomUUID().slice(0, 8)}`;
  const profile = await post("/profiles/update-slug/", { slug }, access);
  const link = await post("/links/", { title: "Fuzz", url: "https://example.com/" }, access);
  return {
    token: access,
    ids: { link: String(link.id), id: String(link.id), slug: typeof profile.slug === "string" ? profile.slug : slug },
  };
}

async function run(baseUrl: string): Promise<number> {
  const api = `${baseUrl}/api/v1`;
  const document = (await (await fetch(`${api}/openapi.json`)).json()) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  (addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: "https://linkbio.fuzz/openapi.json", components: document.components });
  const validators = new Map<string, ValidateFunction>();
  // An answer's schema may name components anywhere inside it (an error's allOf with its codes).
  const absolute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absolute);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) =>
        name === "$ref" && typeof inner === "string" && inner.startsWith("#/")
          ? [name, `https://linkbio.fuzz/openapi.json${inner}`]
          : [name, absolute(inner)],
      ),
    );
  };
  const validatorOf = (schema: Schema): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile(absolute(schema) as Schema)));
    return validate;
  };

  const tally = new Map<number, number>();
  const findings: string[] = [];
  let serverErrors = 0;
  let sent = 0;
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // Each operation gets an account of its own: some end their session or delete the account.
      const account = await freshAccount(api);
      const generator = new Generator(document, account.ids);
      const slugTemplate = template.includes("{slug}");
      for (const testCase of sample(casesOf(generator, template, operation), CASES_PER_OPERATION)) {
        const path = slugTemplate && testCase.label === "valid" ? concretePath(template, { slug: account.ids.slug! }) : testCase.path;
        const url = `${api}${path}${testCase.query.size ? `?${testCase.query}` : ""}`;
        const headers: Record<string, string> = { accept: "application/json" };
        if (testCase.token) headers.authorization = `Bearer ${account.token}`;
        if (testCase.body !== undefined) headers["content-type"] = testCase.contentType ?? "application/json";
        const what = `${method.toUpperCase()} ${template} (${testCase.label})`;
        let response: Response;
        try {
          response = await fetch(url, { method: method.toUpperCase(), headers, body: testCase.body, redirect: "manual" });
        } catch (error) {
          findings.push(`${what}: no answer (${(error as Error).message})`);
          serverErrors++;
          continue;
        }
        sent++;
        const text = await response.text();
        tally.set(response.status, (tally.get(response.status) ?? 0) + 1);
        if (response.status >= 500) {
          serverErrors++;
          findings.push(`${what}: ${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        const documented = operation.responses[String(response.status)];
        if (!documented) {
          if (!ANY_CALL_MAY_GET.has(response.status))
            findings.push(`${what}: undocumented status ${response.status} ${text.slice(0, 160)}`);
          continue;
        }
        const schema = documented.content?.["application/json"]?.schema;
        if (!schema || !response.headers.get("content-type")?.includes("application/json")) continue;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          findings.push(`${what}: ${response.status} answer is not JSON`);
          continue;
        }
        const validate = validatorOf(schema);
        if (!validate(body)) findings.push(`${what}: ${response.status} answer off its schema: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
  const statuses = [...tally.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `${sent} requests to ${Object.values(document.paths).flatMap(Object.keys).length} operations; answers: ${statuses.join(", ")}`,
  );
  for (const finding of findings) console.log(`  FINDING ${finding}`);
  console.log(`${serverErrors} answers of 500 or above; ${findings.length - serverErrors} other findings`);
  return serverErrors > 0 || findings.length > 0 ? 1 : 0;
}

let app: AppProcess | undefined;
let exitCode = 1;
const target = values.url ? null : await benchDatabase(true);
try {
  let baseUrl = values.url;
  if (!baseUrl) {
    if (!buildIfChanged()) process.exit(1);
    const setup = target!.open();
    await migrate(setup);
    await setup.close();
    app = await startApp({
      entry: "server.ts",
      port: Number(values.port),
      // The limits would answer most cases 429; the fuzzer is after the handlers behind them.
      env: {
        ...target!.env,
        AUTH_SECRET: "fuzz-secret",
        RATE_LIMIT_PASSWORD_PER_MINUTE: "100000",
        RATE_LIMIT_MAILS_PER_HOUR: "100000",
        RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: "100000",
        RATE_LIMIT_CLICKS_PER_MINUTE: "100000",
        RATE_LIMIT_COSTLY_PER_MINUTE: "100000",
      },
    });
    baseUrl = app.url;
  }
  exitCode = await run(baseUrl);
} finally {
  if (app) {
    await app.stop();
    if (exitCode !== 0) console.log(app.log().split("\n").slice(-40).join("\n"));
  }
  await target?.cleanup();
}
process.exit(exitCode);
