import { pathParams, type OperationSpec } from "./operations";

/**
 * The `code` of every REST error body: a stable snake_case name a client can switch on, while
 * `detail` stays a sentence for people. The table in docs/api.md and the OpenAPI document are read from here.
 */
export const ERROR_CODES = {
  validation_error: { status: 400, meaning: "The input is invalid: `detail` and, per invalid field, a list of messages." },
  conflict: { status: 400, meaning: "The input conflicts with stored data (an email or username already taken, two-factor already on)." },
  invalid_credentials: { status: 401, meaning: "Wrong email, password, code, ticket or refresh token." },
  not_authenticated: { status: 401, meaning: "No credentials were sent." },
  invalid_token: { status: 401, meaning: "The Bearer token is invalid, expired or revoked." },
  insufficient_scope: { status: 403, meaning: "The API token's scopes do not cover this call (and no token may manage the account)." },
  reauthentication_required: {
    status: 403,
    meaning:
      "A sensitive change needs a fresh proof of identity: send `current_password` in the body, or an access token from a log-in within the last 5 minutes.",
  },
  not_found: { status: 404, meaning: "No such path or record (also another account's ids)." },
  method_not_allowed: { status: 405, meaning: "The path does not take this method; `Allow` lists those it takes." },
  payload_too_large: { status: 413, meaning: "The body is larger than the call accepts." },
  idempotency_key_reused: { status: 422, meaning: "This `Idempotency-Key` was used within 24 hours with a different request." },
  rate_limited: { status: 429, meaning: "Too many calls; wait `Retry-After` seconds." },
  internal_error: { status: 500, meaning: "An unexpected error on our side." },
  service_unavailable: { status: 503, meaning: "The database cannot be reached; retry after `Retry-After` seconds." },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The error codes a call can answer, by status: derived from its statuses, its auth and the codes it declares. */
export function errorCodesOf(operation: OperationSpec): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(operation.codes ?? []);
  const statuses = new Set<number>(operation.errors);
  const readsToken = operation.auth !== "none";
  if (operation.body || operation.query || pathParams(operation.path).length > 0 || statuses.has(400)) codes.add("validation_error");
  if (operation.auth === "bearer") codes.add("not_authenticated").add("invalid_token");
  // An API token may be sent to any call that reads one: refused without the scope, and counted.
  if (readsToken) codes.add("insufficient_scope").add("rate_limited");
  // Calls without a token refuse what was sent; a call that reads one when sent may still need it (log-out of all sessions).
  if (statuses.has(401)) codes.add(operation.auth === "optional" ? "not_authenticated" : "invalid_credentials");
  if (statuses.has(404)) codes.add("not_found");
  if (statuses.has(405)) codes.add("method_not_allowed");
  if (operation.body) codes.add("payload_too_large");
  if (operation.idempotent) codes.add("idempotency_key_reused");
  if (statuses.has(429)) codes.add("rate_limited");
  if (!operation.servedBy) codes.add("internal_error").add("service_unavailable");
  if (statuses.has(503)) codes.add("service_unavailable");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODE_NAMES) {
    if (!codes.has(code)) continue;
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
