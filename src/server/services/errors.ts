export type ServiceErrorCode = "BAD_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS";

/** Why a request was refused, for transports that word that case their own way (REST names a rejected bearer token or a missing scope; the web app asks who you are). */
export type ServiceErrorReason = "NOT_AUTHENTICATED" | "REAUTHENTICATE" | "INSUFFICIENT_SCOPE";

export interface ServiceErrorDetails {
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
  reason?: ServiceErrorReason;
}

/** A rule a request broke; transports (tRPC, REST) map the code to their own status. */
export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details: ServiceErrorDetails = {},
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const NOT_AUTHENTICATED_MESSAGE = "Authentication credentials were not provided.";

/** The request carries no signed-in user where one is required. */
export const notAuthenticated = () => new ServiceError("UNAUTHORIZED", NOT_AUTHENTICATED_MESSAGE, { reason: "NOT_AUTHENTICATED" });

export const INSUFFICIENT_SCOPE_MESSAGE = "This API token's scopes do not allow this call.";

/** An API token asked for a call its scopes do not cover (or one no token may make). */
export const insufficientScope = () => new ServiceError("FORBIDDEN", INSUFFICIENT_SCOPE_MESSAGE, { reason: "INSUFFICIENT_SCOPE" });
