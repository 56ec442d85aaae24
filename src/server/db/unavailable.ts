/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a few seconds.";

// Prisma's codes for an unreachable, timed-out or closed database connection (P2024: no pooled connection in time).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// Driver adapter error kinds for the same situations.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseDoesNotExist"]);
// Socket errors, and PostgreSQL's connection-exception class (08…) and shutdown codes (57P01–57P03).
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const POOL_MESSAGES = [/timeout exceeded when trying to connect/i, /Connection terminated/i, /Client has encountered a connection error/i];

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== "string") return false;
  return PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || code.startsWith("08") || ["57P01", "57P02", "57P03"].includes(code);
}

/** Whether an error means the database cannot be reached right now (rather than a bad query or input). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const candidate = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
    errors?: unknown;
  };
  if (isUnavailableCode(candidate.code)) return true;
  if (typeof candidate.kind === "string" && ADAPTER_KINDS.has(candidate.kind)) return true;
  if (typeof candidate.message === "string" && POOL_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(candidate.cause, depth + 1) || isDatabaseUnavailable(candidate.meta?.driverAdapterError, depth + 1);
}
