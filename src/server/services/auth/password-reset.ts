import type { PrismaClient } from "@/generated/prisma/client";
import { ServiceError } from "../errors";
import { passwordResetMessage } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { assertWithinLimit } from "../rate-limit/limits";
import { normalizeEmail } from "./accounts";
import { consumeToken, findUsableToken, issueEmailToken, retireTokens } from "./email-tokens";
import { hashPassword } from "./password";
import { revokeAllApiTokens } from "./api-tokens";
import { revokeAllSessions } from "./sessions";

export const INVALID_RESET_LINK = "This reset link is invalid or has expired";

// Work started by reset requests, answered before it finishes so the answer's timing says nothing
// about whether the account exists; tests and shutdown wait for it.
const pending = new Set<Promise<void>>();

export function settleResetRequests(): Promise<void> {
  return Promise.all(pending).then(() => undefined);
}

async function sendResetLink(db: PrismaClient, email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  await db.$transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, "reset");
    await enqueueMail(tx, { to: email, ...passwordResetMessage(token) });
  });
}

/**
 * Counts the request against the limits per email and per client address, then answers at once;
 * the account is looked up and the link queued afterwards, whether or not it exists.
 */
export async function requestPasswordReset(db: PrismaClient, rawEmail: string, clientIp: string | null): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await assertWithinLimit("resetAddress", clientIp);
  await assertWithinLimit("resetEmail", email);
  const work = sendResetLink(db, email).catch((error: unknown) => {
    console.error(`  Password reset for a request could not be queued: ${error instanceof Error ? error.message : String(error)}`);
  });
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/**
 * Sets the new password (already checked by the shared new-password schema, so a refused password
 * never uses the token up), ends every session and refresh token, and counts as proof of the address.
 */
export async function confirmPasswordReset(db: PrismaClient, token: string, newPassword: string): Promise<{ email: string }> {
  const row = await findUsableToken(db, token, "reset");
  if (!row) throw new ServiceError("BAD_REQUEST", INVALID_RESET_LINK);
  const password_hash = await hashPassword(newPassword);
  const user = await db.$transaction(async (tx) => {
    if (!(await consumeToken(tx, row.id))) return null;
    await retireTokens(tx, row.user_id, "reset");
    const current = await tx.user.findUniqueOrThrow({ where: { id: row.user_id }, select: { email_verified_at: true } });
    return tx.user.update({
      where: { id: row.user_id },
      data: { password_hash, email_verified_at: current.email_verified_at ?? new Date() },
    });
  });
  if (!user) throw new ServiceError("BAD_REQUEST", INVALID_RESET_LINK);
  await revokeAllSessions(db, user.id);
  await revokeAllApiTokens(db, user.id);
  return { email: user.email };
}
