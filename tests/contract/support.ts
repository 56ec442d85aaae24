import { randomUUID } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect, inject } from "vitest";

/**
 * An outside client of the REST API: plain fetch, no redirects followed, and every answer of a
 * documented call checked against the OpenAPI document the server publishes (status documented,
 * body valid against its schema).
 */

export const baseUrl = inject("baseUrl");
export const API = `${baseUrl}/api/v1`;
export const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

// Answers are checked against the published schemas, so tests read them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, typed by the assertions that read it
type Json = any;

export interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

interface OperationObject {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } & Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
}

let documentPromise: Promise<OpenApiDocument> | undefined;
export function openApi(): Promise<OpenApiDocument> {
  return (documentPromise ??= fetch(`${API}/openapi.json`).then((response) => response.json() as Promise<OpenApiDocument>));
}

const DOC_ID = "https://linkbio.test/openapi.json";
let ajvPromise: Promise<Ajv2020> | undefined;
function validator(): Promise<Ajv2020> {
  return (ajvPromise ??= openApi().then((document) => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    (addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
    ajv.addKeyword("components");
    ajv.addSchema({ $id: DOC_ID, components: document.components });
    return ajv;
  }));
}

const compiled = new Map<string, ValidateFunction>();
/**
 * Validates `body` against a component schema of the published document (`ref`), or against an
 * answer's own schema that refers to components (error answers narrow `code` to their list).
 */
export async function expectSchema(ref: string | Record<string, unknown>, body: unknown, context?: string): Promise<void> {
  const ajv = await validator();
  const key = typeof ref === "string" ? ref : JSON.stringify(ref);
  context ??= key;
  const schema =
    typeof ref === "string" ? { $ref: `${DOC_ID}${ref}` } : JSON.parse(key.replaceAll('"#/components/', `"${DOC_ID}#/components/`));
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(schema as object)));
  const valid = validate(body);
  expect(valid, `${context}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 800)}`).toBe(true);
}

export async function operation(id: string): Promise<{ method: string; path: string; spec: OperationObject }> {
  const document = await openApi();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (spec.operationId === id) return { method: method.toUpperCase(), path, spec };
    }
  }
  throw new Error(`Operation ${id} is not documented`);
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** A list repeats the parameter (?country=US&country=FR). */
  query?: Record<string, string | number | string[]>;
}

/** A raw HTTP request below /api/v1 (or an absolute path when it does not start with the API path). */
export async function http(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const url = new URL(path.startsWith("http") ? path : `${API}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: Json = undefined;
  if (text && response.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Statuses each operation answered during this file's run. */
export const answered = new Map<string, Set<number>>();

/**
 * Calls a documented operation by its operationId with path parameters filled in, then checks the
 * answer against the document: a documented status, JSON of the documented schema (or no body).
 */
export async function call(
  id: string,
  options: RequestOptions & { params?: Record<string, string>; slash?: boolean } = {},
): Promise<Answer> {
  const { method, path, spec } = await operation(id);
  let concrete = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(options.params?.[name] ?? ""));
  if (options.slash === false) concrete = concrete.replace(/\/$/, "");
  const answer = await http(method, concrete, options);
  const documented = spec.responses[String(answer.status)];
  expect(documented, `${id} answered ${answer.status}, which is not documented: ${answer.text.slice(0, 300)}`).toBeDefined();
  const jsonSchema = documented!.content?.["application/json"]?.schema;
  // Files (images, exports) document their media types with a plain string schema, JSON among them.
  const schema = jsonSchema && !("contentMediaType" in jsonSchema) ? jsonSchema : undefined;
  const mediaTypes = Object.keys(documented!.content ?? {});
  const mediaType = answer.headers.get("content-type")?.split(";")[0]!.trim();
  if (schema) {
    expect(answer.headers.get("content-type"), `${id} ${answer.status} content type`).toContain("application/json");
    await expectSchema(schema.$ref ?? schema, answer.body, `${id} ${answer.status}`);
  } else if (mediaTypes.length > 0) {
    expect(mediaTypes, `${id} ${answer.status} content type`).toContain(mediaType);
  } else {
    expect(answer.text, `${id} ${answer.status} has no body`).toBe("");
  }
  if (!answered.has(id)) answered.set(id, new Set());
  answered.get(id)!.add(answer.status);
  return answer;
}

export function uniqueEmail(label = "client"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export function uniqueSlug(label = "c"): string {
  return `${label}_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

export const PASSWORD = "correct horse battery";

export interface Account {
  email: string;
  access: string;
  refresh: string;
  userId: string;
  slug: string;
}

/** Registers through the API, claims a username and finishes onboarding, as a client would. */
export async function account(label = "client", options: { onboard?: boolean } = {}): Promise<Account> {
  const email = uniqueEmail(label);
  const registered = await call("auth.register", { body: { email, password: PASSWORD, password_confirm: PASSWORD } });
  expect(registered.status).toBe(201);
  const { access, refresh, user } = registered.body;
  const slug = uniqueSlug(label.slice(0, 8));
  if (options.onboard !== false) {
    expect((await call("profile.updateSlug", { token: access, body: { slug } })).status).toBe(200);
    expect((await call("profile.completeOnboarding", { token: access })).status).toBe(200);
  }
  return { email, access, refresh, userId: user.id, slug };
}

export async function createLink(token: string, body: Record<string, unknown> = {}): Promise<Json> {
  const answer = await call("link.create", { token, body: { title: "My Website", url: "example.com", ...body } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}
