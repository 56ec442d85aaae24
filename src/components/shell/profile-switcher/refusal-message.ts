import { serverFailure } from "@/trpc/errors";

/** The server's own words for a refused request; null for crashes and network failures. */
export function refusalMessage(error: unknown): string | null {
  const failure = serverFailure(error);
  const code = (error as { data?: { code?: string } } | null)?.data?.code;
  return failure && code !== "INTERNAL_SERVER_ERROR" ? failure.message || null : null;
}
