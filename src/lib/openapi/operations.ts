import type { RequiredScope } from "@/lib/schemas/api-token";
import type { pathParamSchemas, querySchemas } from "./components";
import type { ErrorCode } from "./error-codes";

/**
 * What a REST call (docs/product/api.md#calls) says about itself. Each procedure with a REST form carries one
 * in its tRPC meta (`.meta({ rest })`); src/server/rest/operations.ts collects them into the route
 * table and the OpenAPI document. Paths are relative to the API root /api/v1 and written as the
 * clients call them (trailing slash); each is also served without it.
 */

export type QueryName = keyof typeof querySchemas;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 422 | 429 | 503;

export const TAGS = [
  { name: "Auth", description: "Accounts and tokens." },
  { name: "Profile", description: "The signed-in account's current profile, its design and settings, and public pages." },
  { name: "Links", description: "Links of the current profile." },
  { name: "Analytics", description: "Views and clicks of the current profile over the last 7, 30 or 90 days." },
  { name: "Multi-profile", description: "All profiles of the account; the primary one is the current one." },
  { name: "Webhooks", description: "Signed deliveries of the account's events to the integrator's server." },
  { name: "Audience", description: "Email sign-ups of the current profile (double opt-in) and the public sign-up call." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

export interface OperationSpec {
  /** The documented name when it is not the procedure's path ("auth.user" for auth.me). */
  operationId?: string;
  method: HttpMethod;
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** bearer: a valid access token is required; optional: read when sent; none: never read. */
  auth: "bearer" | "optional" | "none";
  /**
   * What an API token (`lb_…`) needs to make this call; absent: no API token may (the account's own
   * calls: tokens, password, email, two-factor, deletion), only a signed-in session's access token.
   */
  scope?: RequiredScope;
  /** Error codes beyond those its statuses and auth imply (./error-codes.ts), e.g. `conflict`. */
  codes?: readonly ErrorCode[];
  /** Takes an `Idempotency-Key` header: a retry with the same key and body answers the first answer again. */
  idempotent?: true;
  /** Component name of the JSON body, which is the procedure's input. */
  body?: string;
  query?: QueryName;
  /**
   * `schema` names the answer's component, which is the procedure's output; `media` lists the
   * types of a binary answer instead (its REST exception sends the bytes).
   */
  success: { status: 200 | 201 | 202 | 204; schema?: string; media?: readonly string[]; description: string };
  /** Errors the call itself can answer; 401 for bearer calls and 400/413 for bodies are implied. */
  errors: readonly ErrorStatus[];
  /** Largest accepted JSON body, in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Answered by the custom server (src/server/public-page) before Next; documented here only. */
  servedBy?: "custom-server";
}

/** Where the REST API is served; operation paths are relative to it. */
export const API_ROOT = "/api/v1";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Avatars and design images/music travel as data URLs inside the JSON body. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export const NO_PROFILE = "404 when the account has no profile yet (choose a username first).";

/** What a procedure may declare in `.meta()`. */
export interface ProcedureMeta {
  rest?: Omit<OperationSpec, "servedBy">;
  /**
   * Bytes the input may carry over tRPC beyond DEFAULT_BODY_LIMIT, for uploads sent as data URLs; a
   * batch may send DEFAULT_BODY_LIMIT plus the room of each procedure it names (signed in only).
   */
  uploadRoom?: number;
}

export type PathParamName = keyof typeof pathParamSchemas;

/** Path parameter names of a path template, in order: "/links/{id}/" → ["id"]. */
export function pathParams(path: string): PathParamName[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParamName);
}
