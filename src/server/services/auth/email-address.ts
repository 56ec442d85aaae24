import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { ALREADY_VERIFIED } from "@/lib/schemas/auth";
import { ServiceError } from "../errors";
import { changeEmailMessage, emailChangedNotice, verifyEmailMessage } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { assertMayMail, mayMailQuietly } from "../mail/send-limits";
import { EMAIL_TAKEN, getUser, normalizeEmail } from "./accounts";
import { credentialEvent } from "./credential-events";
import { consumeToken, findTokenOwner, findUsableToken, issueEmailToken } from "./email-tokens";
import { hashPassword } from "./password";

export const INVALID_EMAIL_LINK = "This link is invalid or has expired";
export { ALREADY_VERIFIED };

/**
 * Sends a verification link to the account's address, ending earlier ones. 'Resend' is counted per
 * account, recipient and client address (429 over any); the sign-up's own link only per recipient,
 * and is skipped rather than refused when that address has had its share.
 */
export async function sendVerificationEmail(
  db: PrismaClient,
  userId: string,
  clientIp: string | null,
  asked: "by-hand" | "at-sign-up" = "by-hand",
): Promise<void> {
  const user = await getUser(db, userId);
  if (user.email_verified_at) throw new ServiceError("BAD_REQUEST", ALREADY_VERIFIED);
  if (asked === "by-hand") await assertMayMail(userId, user.email, clientIp);
  else if (!(await mayMailQuietly(user.email))) return;
  await db.$transaction(async (tx) => {
    await tx.emailToken.updateMany({ where: { user_id: userId, purpose: "verify", used_at: null }, data: { used_at: new Date() } });
    const token = await issueEmailToken(tx, userId, "verify");
    await enqueueMail(tx, { to: user.email, ...verifyEmailMessage(token) });
  });
}

/** Sends a link to the new address (the caller proved who they are: sudo mode); nothing changes until it is opened. */
export async function requestEmailChange(
  db: PrismaClient,
  userId: string,
  input: { new_email: string },
  clientIp: string | null,
): Promise<void> {
  const user = await getUser(db, userId);
  const newEmail = normalizeEmail(input.new_email);
  if (newEmail === user.email) {
    const message = "This is already your email address";
    throw new ServiceError("BAD_REQUEST", message, { fields: { new_email: [message] } });
  }
  if (await db.user.findUnique({ where: { email: newEmail }, select: { id: true } })) {
    throw new ServiceError("CONFLICT", EMAIL_TAKEN, { fields: { new_email: [EMAIL_TAKEN] } });
  }
  await assertMayMail(userId, newEmail, clientIp);
  await db.$transaction(async (tx) => {
    await tx.emailToken.updateMany({ where: { user_id: userId, purpose: "change", used_at: null }, data: { used_at: new Date() } });
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

const invalidLink = () => new ServiceError("BAD_REQUEST", INVALID_EMAIL_LINK);
async function claimLink(tx: Prisma.TransactionClient, id: string): Promise<void> {
  if (!(await consumeToken(tx, id))) throw invalidLink();
}
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

/**
 * Opens a verification or change-of-address link, in any browser, signed in or not. A verification
 * ends changes asked for before it. A change switches the address, counts it as verified and tells
 * the old address, with a link that undoes it.
 */
export async function confirmEmailLink(db: PrismaClient, token: string): Promise<EmailLinkOutcome> {
  const row = (await findUsableToken(db, token, "verify")) ?? (await findUsableToken(db, token, "change"));
  if (!row) throw new ServiceError("BAD_REQUEST", (await verifiedThrough(db, token)) ? ALREADY_VERIFIED : INVALID_EMAIL_LINK);
  if (row.purpose === "verify") {
    const user = await credentialEvent(
      db,
      row.user_id,
      "addressVerified",
      {},
      {
        claim: (tx) => claimLink(tx, row.id),
        apply: (tx) => tx.user.update({ where: { id: row.user_id }, data: { email_verified_at: new Date() } }),
      },
    );
    return { kind: "verified", email: user!.email };
  }
  const newEmail = row.new_email ?? "";
  try {
    await credentialEvent(
      db,
      row.user_id,
      "addressChanged",
      {},
      {
        claim: (tx) => claimLink(tx, row.id),
        apply: async (tx) => {
          const before = await tx.user.findUniqueOrThrow({ where: { id: row.user_id }, select: { email: true } });
          await tx.user.update({ where: { id: row.user_id }, data: { email: newEmail, email_verified_at: new Date() } });
          const revert = await issueEmailToken(tx, row.user_id, "revert", before.email, new Date(), row.created_at);
          await enqueueMail(tx, { to: before.email, ...emailChangedNotice(newEmail, revert) });
        },
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  return { kind: "changed", email: newEmail };
}

/**
 * The old address undoes a change (its notice's link, 7 days): the account comes back to it, every
 * session and email link ends, passkeys and two-factor added since the change was asked for go, and
 * the new password (checked by the shared schema) replaces the old one.
 */
export async function revertEmailChange(db: PrismaClient, token: string, newPassword: string): Promise<{ email: string }> {
  const row = await findUsableToken(db, token, "revert");
  if (!row?.new_email) throw invalidLink();
  const oldEmail = row.new_email;
  const password_hash = await hashPassword(newPassword);
  const now = new Date();
  try {
    await credentialEvent(
      db,
      row.user_id,
      "addressReverted",
      { since: row.changed_since ?? row.created_at, now },
      {
        claim: (tx) => claimLink(tx, row.id),
        apply: (tx) => tx.user.update({ where: { id: row.user_id }, data: { email: oldEmail, email_verified_at: now, password_hash } }),
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  return { email: oldEmail };
}
