import type { PrismaClient } from "@/generated/prisma/client";
import { ALREADY_VERIFIED } from "@/lib/schemas/auth";
import { ServiceError } from "../errors";
import { changeEmailMessage, emailChangedNotice, verifyEmailMessage } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { EMAIL_TAKEN, getUser, normalizeEmail } from "./accounts";
import { consumeToken, findTokenOwner, findUsableToken, issueEmailToken, retireTokens } from "./email-tokens";
import { verifyPassword } from "./password";

export const INVALID_EMAIL_LINK = "This link is invalid or has expired";
export { ALREADY_VERIFIED };

/** Sends a verification link to the account's address (at sign-up, and on 'Resend'). */
export async function sendVerificationEmail(db: PrismaClient, userId: string): Promise<void> {
  const user = await getUser(db, userId);
  if (user.email_verified_at) throw new ServiceError("BAD_REQUEST", ALREADY_VERIFIED);
  await db.$transaction(async (tx) => {
    await retireTokens(tx, userId, "verify");
    const token = await issueEmailToken(tx, userId, "verify");
    await enqueueMail(tx, { to: user.email, ...verifyEmailMessage(token) });
  });
}

/** Asks for the current password, then sends a link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  db: PrismaClient,
  userId: string,
  input: { new_email: string; current_password: string },
): Promise<void> {
  const user = await getUser(db, userId);
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.current_password))) {
    const message = user.password_hash
      ? "Current password is incorrect"
      : "Set a password first (Forgot your password? on the log-in page)";
    throw new ServiceError("BAD_REQUEST", message, { fields: { current_password: [message] } });
  }
  const newEmail = normalizeEmail(input.new_email);
  if (newEmail === user.email) {
    const message = "This is already your email address";
    throw new ServiceError("BAD_REQUEST", message, { fields: { new_email: [message] } });
  }
  if (await db.user.findUnique({ where: { email: newEmail }, select: { id: true } })) {
    throw new ServiceError("CONFLICT", EMAIL_TAKEN, { fields: { new_email: [EMAIL_TAKEN] } });
  }
  await db.$transaction(async (tx) => {
    await retireTokens(tx, userId, "change");
    const token = await issueEmailToken(tx, userId, "change", newEmail);
    await enqueueMail(tx, { to: newEmail, ...changeEmailMessage(token, newEmail) });
  });
}

/** Whether the token is a verification link (used or expired) of an account whose address is verified now. */
async function verifiedThrough(db: PrismaClient, token: string): Promise<boolean> {
  const userId = await findTokenOwner(db, token, "verify");
  if (!userId) return false;
  const user = await db.user.findUnique({ where: { id: userId }, select: { email_verified_at: true } });
  return Boolean(user?.email_verified_at);
}

export type EmailLinkOutcome = { kind: "verified"; email: string } | { kind: "changed"; email: string };

/**
 * Opens a verification or change-of-address link, in any browser, signed in or not. A change
 * switches the address, counts it as verified and tells the old address.
 */
export async function confirmEmailLink(db: PrismaClient, token: string): Promise<EmailLinkOutcome> {
  const row = (await findUsableToken(db, token, "verify")) ?? (await findUsableToken(db, token, "change"));
  if (!row) throw new ServiceError("BAD_REQUEST", (await verifiedThrough(db, token)) ? ALREADY_VERIFIED : INVALID_EMAIL_LINK);
  if (row.purpose === "verify") {
    const user = await db.$transaction(async (tx) => {
      if (!(await consumeToken(tx, row.id))) return null;
      return tx.user.update({ where: { id: row.user_id }, data: { email_verified_at: new Date() } });
    });
    if (!user) throw new ServiceError("BAD_REQUEST", INVALID_EMAIL_LINK);
    return { kind: "verified", email: user.email };
  }
  const newEmail = row.new_email ?? "";
  try {
    const oldEmail = await db.$transaction(async (tx) => {
      if (!(await consumeToken(tx, row.id))) return null;
      const before = await tx.user.findUniqueOrThrow({ where: { id: row.user_id }, select: { email: true } });
      await tx.user.update({ where: { id: row.user_id }, data: { email: newEmail, email_verified_at: new Date() } });
      await retireTokens(tx, row.user_id, "reset");
      await enqueueMail(tx, { to: before.email, ...emailChangedNotice(newEmail) });
      return before.email;
    });
    if (oldEmail === null) throw new ServiceError("BAD_REQUEST", INVALID_EMAIL_LINK);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw new ServiceError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  return { kind: "changed", email: newEmail };
}
