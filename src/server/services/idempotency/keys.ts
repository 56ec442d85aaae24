import { setTimeout as sleep } from "node:timers/promises";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";

/** A key answers the same request again for this long. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** A key still without an answer after this long belongs to a request that died (a killed instance): it is taken over. */
const ABANDONED_MS = 60_000;
const POLL_MS = 50;

/** The first request's answer, as it was sent. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * Either this request took the key (run it, then record its answer), or the first request's answer
 * to send again, or the key already names another request.
 */
export type IdempotencyClaim = { taken: string } | { replay: StoredAnswer } | { reused: true };

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

/**
 * Takes the account's key for this request before any work: the insert is the lock, so of two
 * concurrent duplicates one takes the key and the other waits here for its answer. The same key
 * with another request (operation, path or body) is refused.
 */
export async function claimIdempotencyKey(
  db: PrismaClient,
  userId: string,
  key: string,
  request: { operation: string; hash: string },
): Promise<IdempotencyClaim> {
  await db.idempotencyKey.deleteMany({ where: { user_id: userId, created_at: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) } } });
  for (;;) {
    try {
      const row = await db.idempotencyKey.create({
        data: { user_id: userId, key, operation: request.operation, request_hash: request.hash },
      });
      return { taken: row.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await db.idempotencyKey.findUnique({ where: { user_id_key: { user_id: userId, key } } });
    if (!row) continue;
    if (row.operation !== request.operation || row.request_hash !== request.hash) {
      return { reused: true };
    }
    if (row.status !== null) return { replay: { status: row.status, body: row.response } };
    if (Date.now() - row.created_at.getTime() >= ABANDONED_MS) {
      await db.idempotencyKey.deleteMany({ where: { id: row.id, status: null } });
      continue;
    }
    await sleep(POLL_MS);
  }
}

/** Keeps the answer the key's request gave, for every retry within the window. */
export async function recordIdempotentAnswer(db: PrismaClient, claimId: string, answer: StoredAnswer): Promise<void> {
  await db.idempotencyKey.update({
    where: { id: claimId },
    data: { status: answer.status, response: (answer.body ?? null) as Prisma.InputJsonValue },
  });
}

/** Lets the key go after an answer a retry should not receive again (a server error): the next retry runs afresh. */
export async function releaseIdempotencyKey(db: PrismaClient, claimId: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id: claimId, status: null } });
}
