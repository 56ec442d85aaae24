import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { claimIdempotencyKey, recordIdempotentAnswer, releaseIdempotencyKey } from "@/server/services/idempotency/keys";
import { RestError } from "./errors";

/** A JSON answer as the handler sends it. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const KEY_HEADER = "idempotency-key";
const PRINTABLE_KEY = /^[\x20-\x7e]{1,255}$/;
const MALFORMED_KEY = "Idempotency-Key must be 1 to 255 printable ASCII characters.";
const KEY_REUSED = "This Idempotency-Key was already used with a different request.";

/** The request's Idempotency-Key, or null without one; a malformed key is refused before any work. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get(KEY_HEADER);
  if (key === null) return null;
  if (!PRINTABLE_KEY.test(key)) throw new RestError(400, MALFORMED_KEY, {}, { "Idempotency-Key": [MALFORMED_KEY] });
  return key;
}

/** What makes two requests "the same": the call, its path parameters and its JSON body. */
function requestHash(params: Record<string, string>, body: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([params, body ?? null]))
    .digest("hex");
}

/**
 * Runs a create call once per key: the first request runs and its answer is kept (server errors
 * excepted, so a retry runs again); a duplicate, concurrent or later, gets that answer back.
 */
export async function runIdempotently(
  db: PrismaClient,
  userId: string,
  key: string,
  request: { operation: string; params: Record<string, string>; body: unknown },
  run: () => Promise<JsonAnswer>,
): Promise<JsonAnswer> {
  const claim = await claimIdempotencyKey(db, userId, key, {
    operation: request.operation,
    hash: requestHash(request.params, request.body),
  });
  if ("reused" in claim) throw new RestError(422, KEY_REUSED);
  if ("replay" in claim) return { ...claim.replay, headers: { "idempotent-replayed": "true" } };
  let answer: JsonAnswer;
  try {
    answer = await run();
  } catch (error) {
    await releaseIdempotencyKey(db, claim.taken);
    throw error;
  }
  if (answer.status >= 500) await releaseIdempotencyKey(db, claim.taken);
  else await recordIdempotentAnswer(db, claim.taken, { status: answer.status, body: answer.body });
  return answer;
}
