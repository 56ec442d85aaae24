import { z } from "zod";
import { pathParamSchemas, querySchemas } from "./components";
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
  403: { description: "Not allowed." },
  404: { description: "Not found." },
  405: {
    description: "Method not allowed on this path.",
    headers: { Allow: { schema: { type: "string" }, description: "The methods this path accepts." } },
  },
  413: { description: "Request body too large." },
  429: {
    description: "Too many attempts.",
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
  500: { description: "Unexpected server error." },
};

function errorStatuses(operation: OperationSpec): number[] {
  const statuses = new Set<number>(operation.errors);
  if (operation.auth === "bearer") statuses.add(401);
  if (operation.body) statuses.add(400).add(413);
  if (operation.query || pathParams(operation.path).length > 0) statuses.add(400);
  if (!operation.servedBy) statuses.add(500);
  return [...statuses].sort();
}

function operationObject(id: string, operation: OperationSpec) {
  const responses: Record<string, unknown> = {
    [operation.success.status]: {
      description: operation.success.description,
      ...(operation.success.schema && { content: jsonContent(operation.success.schema) }),
      ...(operation.success.media && { content: binaryContent(operation.success.media), headers: DOWNLOAD_HEADERS }),
    },
  };
  for (const status of errorStatuses(operation)) {
    responses[status] = { ...ERROR_RESPONSES[status], content: jsonContent(status === 400 ? "ValidationError" : "Error") };
  }
  const limit = operation.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  const limitText = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return {
    operationId: id,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, operation.body && `JSON body up to ${limitText}.`].filter(Boolean).join("\n\n") || undefined,
    security: operation.auth === "bearer" ? [{ bearerAuth: [] }] : operation.auth === "optional" ? [{}, { bearerAuth: [] }] : [],
    parameters: [
      ...pathParams(operation.path).map((name) => ({ name, in: "path", required: true, schema: pathParamSchema(name) })),
      ...(operation.query ? queryParameters(querySchemas[operation.query]) : []),
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

**Errors** are always \`{"detail": "..."}\`; invalid input adds one list of messages per invalid field,
e.g. \`{"detail": "Please enter a valid email address", "email": ["Please enter a valid email address"]}\`.
400 bad input, 401 unauthenticated, 403 forbidden, 404 not found (also for another account's ids),
405 wrong method (with \`Allow\`), 413 body too large, 429 throttled (with \`Retry-After\`).

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
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocumentOf>;
