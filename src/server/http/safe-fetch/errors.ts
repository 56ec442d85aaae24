/** Why a fetch of someone else's URL was refused or failed; callers word it for their users. */
export type SafeFetchFailure =
  "invalid_url" | "scheme" | "private_address" | "dns" | "connect" | "too_many_redirects" | "timeout" | "too_large" | "status";

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    /** The HTTP status, for `status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}
