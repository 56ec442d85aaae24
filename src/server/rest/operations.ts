import type { z } from "zod";
import { namedParts } from "@/lib/openapi/components";
import type { OperationSpec } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { appRouter } from "@/server/api/root";
import { restExceptions } from "./exceptions";

/**
 * The REST API, read off the router: every procedure whose meta has `rest` is one call, its
 * input the request's schema and its output the answer's. The calls that differ (pagination,
 * register-then-log-in, …) say so in ./exceptions.ts; the click beacon, which the custom server
 * answers before Next, is documented here alone.
 */

interface ProcedureDef {
  meta?: { rest?: OperationSpec };
  inputs: z.ZodType[];
  output?: z.ZodType;
}

export interface RestOperation {
  spec: OperationSpec;
  /** The procedure a call runs ("auth.me"); absent for the click beacon. */
  procedure?: string;
  body?: z.ZodType;
  response?: z.ZodType;
}

const CLICK_BEACON: RestOperation = {
  spec: {
    method: "POST",
    path: "/links/{id}/click/",
    tag: "Links",
    auth: "none",
    body: "ClickRequest",
    maxBodyBytes: 4096,
    summary: "Record a click on a link (public page beacon)",
    description:
      "Anyone may call it. Answered 204 once the click is stored; bots, link previews and prefetches (`Sec-Purpose`, `Purpose` or `X-Purpose` saying prefetch, prerender or preview), the page owner (session cookie or Bearer token) and repeats from one address (an IPv6 /64) within the hour are answered the same but not counted (header `X-Click-Recorded`); 404 for a link its page does not show, and for a header (which has no URL). Body up to 4 KB; an empty body is allowed. CORS as for the rest of the API: browsers on the origins in `CORS_ORIGINS` get CORS headers and preflight answers; from any other origin send it as a simple request (e.g. `text/plain`), whose answer the page cannot read.",
    success: { status: 204, description: "Recorded." },
    errors: [400, 404, 405, 413, 429, 503],
    servedBy: "custom-server",
  },
  body: s.clickInput,
};

const ALLOWED_DOMAIN: RestOperation = {
  spec: {
    method: "GET",
    path: "/domains/allowed/",
    tag: "Profile",
    auth: "none",
    query: "AllowedDomainQuery",
    summary: "Whether a host is an active custom domain (Caddy's on-demand TLS `ask`)",
    description:
      "200 when `domain` is an active custom domain, 404 otherwise, 400 when it is not a host name. Answered from memory by the app's own HTTP server (no database round trip), so a TLS proxy can ask on every handshake.",
    success: { status: 200, schema: "AllowedDomain", description: "The domain may get a certificate." },
    errors: [400, 404, 405],
    servedBy: "custom-server",
  },
  response: s.allowedDomain,
};

function collect(): Record<string, RestOperation> {
  const collected: Record<string, RestOperation> = {};
  // At run time the record is flat, keyed by dotted path ("auth.me"), whatever its declared type.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  for (const [path, { _def }] of Object.entries(procedures)) {
    const spec = _def.meta?.rest;
    if (!spec) continue;
    const id = spec.operationId ?? path;
    const exception = restExceptions[id];
    collected[id] = {
      spec,
      procedure: path,
      body: spec.body ? (exception?.body ?? _def.inputs[0]) : undefined,
      response: spec.success.schema ? (exception?.response ?? _def.output) : undefined,
    };
  }
  collected["link.click"] = CLICK_BEACON;
  collected["domain.allowed"] = ALLOWED_DOMAIN;
  return collected;
}

export const restOperations = collect();

/** Each documented call's description, by operation id. */
export const operations: Record<string, OperationSpec> = Object.fromEntries(
  Object.entries(restOperations).map(([id, { spec }]) => [id, spec]),
);

function named(pick: (operation: RestOperation) => [string | undefined, z.ZodType | undefined]): Record<string, z.ZodType> {
  const schemas: Record<string, z.ZodType> = {};
  for (const operation of Object.values(restOperations)) {
    const [name, schema] = pick(operation);
    if (name && schema) schemas[name] = schema;
  }
  return schemas;
}

/** Request bodies by component name: the procedures' own inputs. */
export const requestSchemas = named(({ spec, body }) => [spec.body, body]);

/** Answers by component name: the procedures' own outputs, plus the parts named inside them. */
export const responseSchemas = {
  ...named(({ spec, response }) => [spec.success.schema, response]),
  ...namedParts,
};
