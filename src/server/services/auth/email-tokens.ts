import { createHash, randomBytes } from "node:crypto";
import type { EmailToken, Prisma, PrismaClient } from "@/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;
export type EmailTokenPurpose = "reset" | "verify" | "change" | "revert";

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  reset: 60 * 60_000,
  verify: 7 * 24 * 60 * 60_000,
  change: 24 * 60 * 60_000,
  revert: 7 * 24 * 60 * 60_000,
};

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a token; only its hash is stored, so a copy of the database opens no account. */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
  now: Date = new Date(),
  changedSince: Date | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.emailToken.create({
    data: {
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      new_email: newEmail,
      changed_since: changedSince,
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    },
  });
  return token;
}

/** The token's row while it is unused and unexpired, else null. */
export async function findUsableToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date = new Date(),
): Promise<EmailToken | null> {
  const row = await db.emailToken.findUnique({ where: { token_hash: hashToken(token) } });
  if (!row || row.purpose !== purpose || row.used_at || row.expires_at <= now) return null;
  return row;
}

/** The account a token of this purpose was issued to, used or expired alike; null for an unknown token. */
export async function findTokenOwner(db: Db, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const row = await db.emailToken.findUnique({ where: { token_hash: hashToken(token) }, select: { user_id: true, purpose: true } });
  return row?.purpose === purpose ? row.user_id : null;
}

/** Uses the token up; false when another request used it first. */
export async function consumeToken(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const { count } = await db.emailToken.updateMany({ where: { id, used_at: null }, data: { used_at: now } });
  return count === 1;
}
