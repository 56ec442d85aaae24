import { z } from "zod";
import { pathParamSchemas, querySchemas } from "./components";
import { errorCodesOf } from "./error-codes";
import { API_ROOT, DEFAULT_BODY_LIMIT, pathParams, TAGS, type OperationSpec } from "./operations";

/** The OpenAPI 3.1 document of the REST API, generated from the calls and their zod schemas. */

/** What the document describes: each call by operation id, and the named schemas its calls refer to. */
export interface ApiDescription {
  operations: Record<string, OperationSpec>;
  requestSchemas: Record<string, z.ZodType>;
  responseSchemas: Record<string, z.ZodType>;
}

const SCHEMA_REF = (name: string) => `#/components/schemas/${name}`;
type JsonSchema = Record<string, unknown>;

/** Dates leave as ISO strings; JavaScript's safe-integer bounds say nothing a client needs. */
function override({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  if (zodSchema._zod.def.type === "date") {
    jsonSchema.type = "string";
    jsonSchema.format = "date-time";
  }
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** Converts named schemas together, so a named schema inside another becomes a $ref. */
function components(named: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: SCHEMA_REF, unrepresentable: "any", override });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

function pathParamSchema(name: keyof typeof pathParamSchemas): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(pathParamSchemas[name], {
    io: "input",
    unrepresentable: "any",
    override,
  }) as JsonSchema;
  return schema;
}

function queryParameters(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", override }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    description: property.description,
    schema: property,
  }));
}

const jsonContent = (schema: string) => ({ "application/json": { schema: { $ref: SCHEMA_REF(schema) } } });

const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]));

const DOWNLOAD_HEADERS = {
  "Content-Disposition": { schema: { type: "string" }, description: "`inline` with the file name a download should take." },
};

const ERROR_RESPONSES: Record<number, { description: string; headers?: Record<string, unknown> }> = {
  400: { description: "Invalid input: `detail` and, per invalid field, a list of messages." },
  401: {
    description: "Missing, invalid or expired access token (or wrong credentials). Refresh once and retry.",
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "`Bearer`" } },
  },
  403: {
    description: "The API token's scopes do not cover this call.",
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: '`Bearer error="insufficient_scope"`' } },
  },
  404: { description: "Not found." },
  405: {
    description: "Method not allowed on this path.",
    headers: { Allow: { schema: { type: "string" }, description: "The methods this path accepts." } },
  },
  413: { description: "Request body too large." },
  422: { description: "The Idempotency-Key was used with a different request." },
  429: {
    description: "Too many attempts.",
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
  500: { description: "Unexpected server error." },
  503: {
    description: "The database cannot be reached.",
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
};

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { schema: { type: "integer" }, description: "Calls an API token may make per minute (only on calls made with one)." },
  "RateLimit-Remaining": { schema: { type: "integer" }, description: "Calls left in this minute, this one counted." },
  "RateLimit-Reset": { schema: { type: "integer" }, description: "Seconds until the minute starts again." },
};

/** An error answer's body: the status's shape, with `code` narrowed to the codes this call can answer there. */
function errorContent(status: number, codes: readonly string[]) {
  const schema = {
    type: "object",
    allOf: [{ $ref: SCHEMA_REF(status === 400 ? "ValidationError" : "Error") }],
    properties: { code: { enum: [...codes] } },
  };
  return { "application/json": { schema } };
}

function scopeText(operation: OperationSpec): string | undefined {
  if (operation.auth === "none") return undefined;
  if (!operation.scope) return "API tokens cannot make this call (403 `insufficient_scope`): it needs a signed-in session's access token.";
  if (operation.scope === "any") return "API tokens: any scope.";
  return `API tokens: needs \`${operation.scope}\`${operation.scope.endsWith(":read") ? ` (or \`${operation.scope.replace(":read", ":write")}\`)` : ""}.`;
}

const IDEMPOTENCY_TEXT =
  "Send an `Idempotency-Key` to retry safely: the same key with the same body within 24 hours answers the first answer again (same status, same id; header `Idempotent-Replayed: true`) and creates nothing, also while the first request is still running; with a different body, 422 `idempotency_key_reused`.";

const IDEMPOTENCY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1–255 printable ASCII characters, unique per request you mean to make once (a UUID). Keys are per account and kept 24 hours.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
};

/** A session's access token, or an API token whose scope covers the call (OpenAPI 3.1 lets a bearer scheme list them). */
function securityOf(operation: OperationSpec) {
  const bearer = { bearerAuth: operation.scope && operation.scope !== "any" ? [operation.scope] : [] };
  if (operation.auth === "bearer") return [bearer];
  if (operation.auth === "optional") return [{}, bearer];
  return [];
}

function operationObject(id: string, operation: OperationSpec) {
  const responses: Record<string, unknown> = {
    [operation.success.status]: {
      description: operation.success.description,
      ...(operation.success.schema && { content: jsonContent(operation.success.schema) }),
      ...(operation.success.media && { content: binaryContent(operation.success.media), headers: DOWNLOAD_HEADERS }),
    },
  };
  for (const [status, codes] of errorCodesOf(operation)) {
    const { description, headers } = ERROR_RESPONSES[status]!;
    responses[status] = {
      description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
      headers: { ...headers, ...(operation.auth !== "none" && RATE_LIMIT_HEADERS) },
      content: errorContent(status, codes),
    };
  }
  const success = responses[operation.success.status] as { headers?: Record<string, unknown> };
  if (operation.auth !== "none") success.headers = { ...success.headers, ...RATE_LIMIT_HEADERS };
  const limit = operation.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  const limitText = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return {
    operationId: id,
    tags: [operation.tag],
    summary: operation.summary,
    description:
      [
        operation.description,
        operation.body && `JSON body up to ${limitText}.`,
        scopeText(operation),
        operation.idempotent && IDEMPOTENCY_TEXT,
      ]
        .filter(Boolean)
        .join("\n\n") || undefined,
    security: securityOf(operation),
    parameters: [
      ...pathParams(operation.path).map((name) => ({ name, in: "path", required: true, schema: pathParamSchema(name) })),
      ...(operation.query ? queryParameters(querySchemas[operation.query]) : []),
      ...(operation.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
    ],
    ...(operation.body && {
      requestBody: { required: operation.servedBy === undefined, content: jsonContent(operation.body) },
    }),
    responses,
  };
}

const DESCRIPTION = `
The REST API for third parties. Paths are relative to \`${API_ROOT}\`; each is served with and without
its trailing slash, never through a redirect. Bodies are JSON in and out.

**Authentication.** \`POST /auth/login/\` (or \`/auth/register/\`, \`/auth/google/\`) answers an \`access\`
token (15 minutes) and a \`refresh\` token (30 days). Send \`Authorization: Bearer <access>\`. Any 401
means the access token is missing, invalid or expired: call \`POST /auth/refresh/\` once with the
refresh token, keep both tokens it returns (refresh tokens rotate on every use), and retry. If the
refresh fails, sign in again.

**API tokens** (\`POST /auth/tokens/\`, or Settings › API tokens) are for integrations: \`Authorization:
Bearer lb_…\` works on every call its scopes cover (each call says which it needs; a \`:write\` scope includes
its \`:read\`) and answers 403 \`insufficient_scope\` on the others; an expired or revoked token answers 401
\`invalid_token\`. Every answer to a call made with an API token carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` (this call counted) and \`RateLimit-Reset\` (seconds); over the limit, 429
\`rate_limited\` with \`Retry-After\`.

**Errors** are always \`{"detail": "...", "code": "..."}\`: \`detail\` is a sentence for people, \`code\` a
stable snake_case name to switch on (each response lists the codes it can carry). Invalid input adds one list
of messages per invalid field, e.g. \`{"detail": "Please enter a valid email address", "code":
"validation_error", "email": ["Please enter a valid email address"]}\`. 400 bad input, 401 unauthenticated,
403 insufficient scope, 404 not found (also for another account's ids), 405 wrong method (with \`Allow\`),
413 body too large, 422 Idempotency-Key reused, 429 throttled (with \`Retry-After\`), 503 database
unreachable (with \`Retry-After\`).

**Safe retries.** \`POST\` calls that create links or profiles take an \`Idempotency-Key\` header: the same
key with the same body within 24 hours answers the first answer again and creates nothing more.

**Input rules.** Request bodies are JSON objects; a field a body does not document is refused (400,
\`{"colour": ["Unknown field: colour"]}\`; every body schema says \`additionalProperties: false\`), except the
click beacon's, whose other fields are ignored. Strings longer than their \`maxLength\` are refused. No string,
key, path segment or query value may contain a NUL character (\`\\u0000\`): 400. Ids in paths are the ids
this API answers (\`pattern\`); any other text is 400. Colours are CSS colours (hex, \`rgb()\`, \`hsl()\` or a
name); link \`thumbnail\` and \`icon_url\` are image data URLs or this API's own \`/api/assets/\` addresses.

**Lists** take \`?page=\` (1-based, 20 per page) and answer \`{count, next, previous, results}\`.
`.trim();

export function openApiDocumentOf({ operations, requestSchemas, responseSchemas }: ApiDescription) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(operations)) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(id, operation);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Linkbio REST API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: API_ROOT }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { ...components(requestSchemas, "input"), ...components(responseSchemas, "output") },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A log-in's access token (JWT, 15 minutes) or an API token (`lb_…`, limited to its scopes).",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocumentOf>;
