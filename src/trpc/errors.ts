import { TRPCClientError } from "@trpc/client";

export interface ServerFailure {
  message: string;
  fieldErrors: Record<string, string[]>;
}

/** What the server said about a failed call; null when it never answered (network, crash). */
export function serverFailure(error: unknown): ServerFailure | null {
  if (!(error instanceof TRPCClientError) || !error.data) return null;
  const data = error.data as { fieldErrors?: Record<string, string[]> };
  return { message: error.message, fieldErrors: data.fieldErrors ?? {} };
}

/** Field name to its first message, the shape forms keep. */
export function firstMessages(fieldErrors: Record<string, string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages?.[0]) result[field] = messages[0];
  }
  return result;
}
