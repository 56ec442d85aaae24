import { z } from "zod";
import { NUL_BYTE_MESSAGE, nulBytePath } from "@/lib/hostile-input";
import { querySchemas } from "@/lib/openapi/components";
import { API_ROOT, DEFAULT_BODY_LIMIT, type HttpMethod, type OperationSpec } from "@/lib/openapi/operations";
import type { Context } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { appOrigin } from "@/server/config/app-origin";
import { limitMessage, takeTokenCall } from "@/server/services/rate-limit/limits";
import { BinaryAnswer } from "./binary";
import { readJsonBody } from "./body";
import { restContext } from "./context";
import { corsHeaders, preflightHeaders } from "./cors";
import { errorAnswer, INTERNAL_ERROR_BODY, RestError } from "./errors";
import { idempotencyKeyOf, runIdempotently, type JsonAnswer } from "./idempotency";
import { allowedMethods, matchPath } from "./match";
import { openApiJson } from "./openapi";
import { operations } from "./operations";
import { handlers } from "./routes";
import { log } from "@/server/logging/logger";

const BASE_HEADERS = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };

function respond(request: Request, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const all = { ...BASE_HEADERS, ...corsHeaders(request.headers), ...headers };
  if (body === undefined || status === 204 || request.method === "HEAD") {
    return new Response(null, { status, headers: all });
  }
  return new Response(JSON.stringify(body), { status, headers: { ...all, "content-type": "application/json" } });
}

/** The address clients reach us at, for pagination links: the configured origin, never the Host header. */
function publicUrl(request: Request): URL {
  const url = new URL(request.url);
  return new URL(url.pathname + url.search, appOrigin());
}

/** Path segments below the API root, one trailing slash ignored; null when not a clean path. */
function segmentsOf(pathname: string): string[] | null {
  let rest = pathname.slice(API_ROOT.length);
  if (rest.endsWith("/")) rest = rest.slice(0, -1);
  if (!rest) return [];
  try {
    return rest.slice(1).split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** Each query schema's parameters, and which are numbers, so "?days=30" reaches zod as 30. */
const queryParams = new Map<string, { names: string[]; numeric: Set<string>; repeated: Set<string> }>();
function paramsOf(name: NonNullable<OperationSpec["query"]>) {
  let params = queryParams.get(name);
  if (!params) {
    const json = z.toJSONSchema(querySchemas[name], { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, { type?: string }>;
    };
    const properties = Object.entries(json.properties ?? {});
    params = {
      names: properties.map(([param]) => param),
      numeric: new Set(properties.filter(([, p]) => p.type === "number" || p.type === "integer").map(([param]) => param)),
      repeated: new Set(properties.filter(([, p]) => p.type === "array").map(([param]) => param)),
    };
    queryParams.set(name, params);
  }
  return params;
}

/** The documented query parameters, numbers as numbers, repeatable ones as lists; the procedure (or pagination) validates them. */
function queryOf(operation: OperationSpec, search: URLSearchParams): Record<string, unknown> {
  if (!operation.query) return {};
  const { names, numeric, repeated } = paramsOf(operation.query);
  const raw: Record<string, unknown> = {};
  for (const name of names) {
    if (repeated.has(name)) {
      const values = search.getAll(name);
      if (values.length > 0) raw[name] = values;
      continue;
    }
    const value = search.get(name);
    if (value === null) continue;
    raw[name] = numeric.has(name) && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  }
  return raw;
}

/** The JSON body a call documents: an object (an absent body counts as `{}`), without NUL characters. */
async function bodyOf(request: Request, operation: OperationSpec): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request, operation.maxBodyBytes ?? DEFAULT_BODY_LIMIT);
  if (body === undefined) return {};
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new RestError(400, "The request body must be a JSON object.");
  const field = nulBytePath(body);
  if (field !== null) throw new RestError(400, NUL_BYTE_MESSAGE, {}, field ? { [field]: [NUL_BYTE_MESSAGE] } : undefined);
  return body as Record<string, unknown>;
}

/** PostgreSQL text cannot hold NUL, so a path or query carrying one is refused before routing. */
function refuseNulInAddress(segments: string[] | null, search: URLSearchParams): void {
  if (segments?.some((segment) => segment.includes("\u0000"))) throw new RestError(400, `Malformed URL: ${NUL_BYTE_MESSAGE}.`);
  for (const [name, value] of search) {
    if (name.includes("\u0000") || value.includes("\u0000")) throw new RestError(400, `Malformed query: ${NUL_BYTE_MESSAGE}.`);
  }
}

/** `RateLimit-*` headers of a call made with an API token, counted before its work; over the limit, 429. */
async function tokenAllowance(context: Context): Promise<Record<string, string>> {
  if (!context.apiToken) return {};
  const allowance = await takeTokenCall(context.apiToken.tokenId);
  const headers = {
    "ratelimit-limit": String(allowance.limit),
    "ratelimit-remaining": String(allowance.remaining),
    "ratelimit-reset": String(allowance.resetSeconds),
  };
  if (allowance.retryAfterSeconds > 0) {
    const wait = allowance.retryAfterSeconds;
    throw new RestError(429, limitMessage("apiToken", wait), { ...headers, "retry-after": String(wait) });
  }
  return headers;
}

/** The call's answer, errors included, as one JSON answer (or the bytes of a binary one). */
async function answerOf(run: () => Promise<unknown>, operation: OperationSpec, invalidBearer: boolean): Promise<JsonAnswer | BinaryAnswer> {
  try {
    const result = await run();
    if (result instanceof BinaryAnswer) return result;
    return { status: operation.success.status, body: operation.success.status === 204 ? undefined : result, headers: {} };
  } catch (error) {
    const answer = errorAnswer(error, { invalidBearer });
    if (answer) return answer;
    throw error;
  }
}

async function runOperation(request: Request, id: string, params: Record<string, string>): Promise<Response> {
  const operation = operations[id]!;
  const url = publicUrl(request);
  const { context, invalidBearer } = await restContext(request.headers, operation.auth);
  let limitHeaders: Record<string, string> = {};
  try {
    limitHeaders = await tokenAllowance(context);
    const key = operation.idempotent ? idempotencyKeyOf(request.headers) : null;
    const query = queryOf(operation, url.searchParams);
    const body = operation.body ? await bodyOf(request, operation) : undefined;
    const caller = createCaller(context);
    const run = () => answerOf(() => handlers[id]!({ caller, body, query, params, url }), operation, invalidBearer);
    const result =
      key && context.userId
        ? await runIdempotently(context.db, context.userId, key, { operation: id, params, body }, run as () => Promise<JsonAnswer>)
        : await run();
    if (result instanceof BinaryAnswer) {
      const headers = {
        ...BASE_HEADERS,
        ...corsHeaders(request.headers),
        ...limitHeaders,
        ...result.headers,
        "content-length": String(result.body.byteLength),
      };
      return new Response(request.method === "HEAD" ? null : new Uint8Array(result.body), { status: operation.success.status, headers });
    }
    return respond(request, result.status, result.body, { ...limitHeaders, ...result.headers });
  } catch (error) {
    const answer = errorAnswer(error, { invalidBearer });
    if (answer) return respond(request, answer.status, answer.body, { ...limitHeaders, ...answer.headers });
    log().error({ err: error }, `REST ${request.method} ${url.pathname} failed`);
    return respond(request, 500, INTERNAL_ERROR_BODY, limitHeaders);
  }
}

/** Every request under /api/v1 that the custom server did not answer itself. */
export async function handleRestRequest(request: Request): Promise<Response> {
  try {
    const { pathname, searchParams } = new URL(request.url);
    const segments = segmentsOf(pathname);
    const method = request.method.toUpperCase();
    refuseNulInAddress(segments, searchParams);

    if (segments?.length === 1 && segments[0] === "openapi.json") {
      if (method === "OPTIONS")
        return respond(request, 204, undefined, { allow: "GET, HEAD, OPTIONS", ...preflightHeaders(request.headers, ["GET", "HEAD"]) });
      if (method !== "GET" && method !== "HEAD")
        throw new RestError(405, `Method "${method}" not allowed.`, { allow: "GET, HEAD, OPTIONS" });
      return new Response(method === "HEAD" ? null : openApiJson(), {
        headers: { ...corsHeaders(request.headers), "content-type": "application/json", "cache-control": "no-cache" },
      });
    }
    if (segments?.length === 0) {
      return respond(request, 200, { openapi: `${API_ROOT}/openapi.json`, docs: "/docs/api" });
    }

    const match = segments ? matchPath(segments) : null;
    if (!match) throw new RestError(404, "Not found.");
    const allow = allowedMethods(match.template);
    if (method === "OPTIONS") {
      return respond(request, 204, undefined, {
        allow: allow.join(", "),
        ...preflightHeaders(
          request.headers,
          allow.filter((m) => m !== "OPTIONS"),
        ),
      });
    }
    const id = match.template.methods.get((method === "HEAD" ? "GET" : method) as HttpMethod);
    if (!id) throw new RestError(405, `Method "${method}" not allowed.`, { allow: allow.join(", ") });
    return await runOperation(request, id, match.params);
  } catch (error) {
    const answer = errorAnswer(error, { invalidBearer: false });
    if (answer) return respond(request, answer.status, answer.body, answer.headers);
    log().error({ err: error }, `REST ${request.method} ${request.url} failed`);
    return respond(request, 500, INTERNAL_ERROR_BODY);
  }
}
