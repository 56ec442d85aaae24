import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient, User } from "@/generated/prisma/client";
import { INVALID_CODE } from "@/lib/schemas/two-factor";
import { ServiceError } from "../errors";
import { isTwoFactorOn, spendSecondFactor } from "./authenticator";

export const TICKET_MINUTES = 5;
export const TICKET_WRONG_CODES = 5;
export const TICKET_EXPIRED = "This sign-in has expired. Please log in again.";

/** How the first step of a sign-in was passed; the session records it. */
export type FirstFactor = "password" | "google";

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket).digest("hex");
}

/** The first factor passed: a ticket that, with a code, finishes the sign-in within five minutes. */
export async function issueTicket(db: PrismaClient, userId: string, method: FirstFactor, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  // The account's finished or lapsed tickets go on the way, so the table holds only live ones.
  await db.twoFactorTicket.deleteMany({ where: { user_id: userId, OR: [{ expires_at: { lt: now } }, { used_at: { not: null } }] } });
  await db.twoFactorTicket.create({
    data: { user_id: userId, method, token_hash: hashTicket(ticket), expires_at: new Date(now.getTime() + TICKET_MINUTES * 60_000) },
  });
  return ticket;
}

/**
 * Finishes a sign-in: the ticket must be live (unused, unexpired, fewer than five wrong codes) and
 * the code good. Each wrong code counts against the ticket and the account's and address's throttle.
 */
export async function redeemTicket(
  db: PrismaClient,
  ticket: string,
  code: string,
  clientIp: string | null,
  now = new Date(),
): Promise<{ user: User; method: FirstFactor }> {
  const row = await db.twoFactorTicket.findUnique({ where: { token_hash: hashTicket(ticket) }, include: { user: true } });
  // The attempt is taken before the code is checked, in one conditional update, so parallel guesses on one ticket check at most five.
  const taken = row
    ? await db.twoFactorTicket.updateMany({
        where: { id: row.id, used_at: null, expires_at: { gt: now }, failures: { lt: TICKET_WRONG_CODES } },
        data: { failures: { increment: 1 } },
      })
    : { count: 0 };
  if (!row || taken.count !== 1) throw new ServiceError("UNAUTHORIZED", TICKET_EXPIRED);
  if (!(await spendSecondFactor(db, row.user_id, code, clientIp, { allowRecoveryCode: true }, now))) {
    throw new ServiceError("UNAUTHORIZED", INVALID_CODE);
  }
  const claimed = await db.twoFactorTicket.updateMany({ where: { id: row.id, used_at: null }, data: { used_at: now } });
  if (claimed.count !== 1) throw new ServiceError("UNAUTHORIZED", TICKET_EXPIRED);
  return { user: row.user, method: row.method === "google" ? "google" : "password" };
}

/** After the first factor: a ticket when the account asks for a code, else null (sign in at once). */
export async function ticketIfTwoFactor(db: PrismaClient, userId: string, method: FirstFactor): Promise<string | null> {
  return (await isTwoFactorOn(db, userId)) ? issueTicket(db, userId, method) : null;
}
