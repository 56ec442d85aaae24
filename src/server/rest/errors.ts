import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { fieldErrorsOf, fieldMap } from "@/server/api/errors";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";
import { ServiceError } from "@/server/services/errors";

/** An answer the REST layer decides itself (unknown path, wrong method, body too large...). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: Record<string, string[]>,
  ) {
    super(detail);
    this.name = "RestError";
  }
}

export interface ErrorAnswer {
  status: number;
  body: { detail: string } & Record<string, string | string[]>;
  headers: Record<string, string>;
}

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
    if (key === "detail" || key === "data") continue;
    (result[key.replace(/^data\./, "")] ??= []).push(...messages);
  }
  return result;
}

/** Maps anything a handler threw to one `{detail, ...fields}` answer; `null` for an unexpected error. */
export function errorAnswer(error: unknown, options: { invalidBearer: boolean }): ErrorAnswer | null {
  if (error instanceof RestError) {
    return { status: error.status, body: { detail: error.detail, ...wireFields(error.fields) }, headers: error.headers };
  }
  if (error instanceof z.ZodError) {
    return { status: 400, body: { detail: error.issues[0]?.message ?? "Invalid input", ...wireFields(fieldErrorsOf(error)) }, headers: {} };
  }
  if (isDatabaseUnavailable(error) && !(error instanceof TRPCError)) {
    return {
      status: 503,
      body: { detail: DATABASE_UNAVAILABLE_MESSAGE },
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
  if (status === 429) headers["retry-after"] = String(Math.max(1, Math.ceil(details.retryAfterSeconds ?? 60)));
  if (status === 503) headers["retry-after"] = String(DATABASE_RETRY_AFTER_SECONDS);
  return { status, body: { detail, ...wireFields(fieldErrorsOf(error.cause)) }, headers };
}
