import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { fieldErrorsOf, fieldMap } from "@/server/api/errors";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";
import type { ErrorCode } from "@/lib/openapi/error-codes";
import { ServiceError } from "@/server/services/errors";

/** The code of a status that has one meaning; 400 and 401 are decided case by case below. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "validation_error",
  403: "insufficient_scope",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  422: "idempotency_key_reused",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
};

/** An answer the REST layer decides itself (unknown path, wrong method, body too large...); `code` follows the status unless given. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: Record<string, string[]>,
    readonly code: ErrorCode = CODE_OF_STATUS[status] ?? "validation_error",
  ) {
    super(detail);
    this.name = "RestError";
  }
}

export interface ErrorAnswer {
  status: number;
  body: { detail: string; code: ErrorCode } & Record<string, string | string[]>;
  headers: Record<string, string>;
}

/** A thrown error's code: by its tRPC code and its reason, never by its wording. */
function codeOf(error: TRPCError, status: number, reason: string | undefined, invalidBearer: boolean): ErrorCode {
  if (error.code === "CONFLICT") return "conflict";
  if (reason === "REAUTHENTICATE") return "reauthentication_required";
  if (status === 401) {
    if (reason !== "NOT_AUTHENTICATED") return "invalid_credentials";
    return invalidBearer ? "invalid_token" : "not_authenticated";
  }
  return CODE_OF_STATUS[status] ?? "validation_error";
}

/** The answer for an error nobody expected (logged by the caller). */
export const INTERNAL_ERROR_BODY = { detail: "Internal server error", code: "internal_error" } as const;

const STATUS_OF: Partial<Record<TRPCError["code"], number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  // A field that conflicts with stored data ("This username is already taken") is bad input.
  CONFLICT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export const TOKEN_INVALID = "Access token is invalid or expired.";

/**
 * Field messages keyed by the documented wire name: procedures that take `{id, data}` report
 * body fields as `data.title`, which the client sent as `title`. A message for the input as a
 * whole already is the `detail`.
 */
function wireFields(fields: Record<string, string[]> | undefined): Record<string, string[]> {
  const result = fieldMap();
  for (const [key, messages] of Object.entries(fields ?? {})) {
    // `code` names the error: a field of that name (two-factor codes) is reported by `detail` alone.
    if (key === "detail" || key === "code" || key === "data") continue;
    (result[key.replace(/^data\./, "")] ??= []).push(...messages);
  }
  return result;
}

/** Maps anything a handler threw to one `{detail, ...fields}` answer; `null` for an unexpected error. */
export function errorAnswer(error: unknown, options: { invalidBearer: boolean }): ErrorAnswer | null {
  if (error instanceof RestError) {
    return { status: error.status, body: { detail: error.detail, code: error.code, ...wireFields(error.fields) }, headers: error.headers };
  }
  if (error instanceof z.ZodError) {
    return {
      status: 400,
      body: { detail: error.issues[0]?.message ?? "Invalid input", code: "validation_error", ...wireFields(fieldErrorsOf(error)) },
      headers: {},
    };
  }
  if (isDatabaseUnavailable(error) && !(error instanceof TRPCError)) {
    return {
      status: 503,
      body: { detail: DATABASE_UNAVAILABLE_MESSAGE, code: "service_unavailable" },
      headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (!(error instanceof TRPCError)) return null;
  const status = STATUS_OF[error.code];
  if (!status) return null;
  const headers: Record<string, string> = {};
  const details = error.cause instanceof ServiceError ? error.cause.details : {};
  let detail = error.message;
  if (status === 401) {
    headers["www-authenticate"] = options.invalidBearer ? 'Bearer error="invalid_token"' : "Bearer";
    // A rejected token left the request anonymous: say so rather than "no credentials".
    if (options.invalidBearer && details.reason === "NOT_AUTHENTICATED") detail = TOKEN_INVALID;
  }
  if (status === 403 && details.reason === "INSUFFICIENT_SCOPE") headers["www-authenticate"] = 'Bearer error="insufficient_scope"';
  if (status === 429) headers["retry-after"] = String(Math.max(1, Math.ceil(details.retryAfterSeconds ?? 60)));
  if (status === 503) headers["retry-after"] = String(DATABASE_RETRY_AFTER_SECONDS);
  const code = codeOf(error, status, details.reason, options.invalidBearer);
  return { status, body: { detail, code, ...wireFields(fieldErrorsOf(error.cause)) }, headers };
}
