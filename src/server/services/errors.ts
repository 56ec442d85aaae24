export type ServiceErrorCode = "BAD_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS";

/** Why a request was refused, for transports that word that case their own way (REST names a rejected bearer token; the web app asks who you are). */
export type ServiceErrorReason = "NOT_AUTHENTICATED" | "REAUTHENTICATE";

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
