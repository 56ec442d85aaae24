import type { PrismaClient } from "@/generated/prisma/client";

const CHALLENGE_MINUTES = 5;

/** Keeps a challenge just handed out; expired ones are swept on the way. */
export async function rememberChallenge(db: PrismaClient, challenge: string, userId: string | null, now = new Date()): Promise<void> {
  await db.webAuthnChallenge.deleteMany({ where: { expires_at: { lt: now } } });
  await db.webAuthnChallenge.create({
    data: { challenge, user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000) },
  });
}

/** True once for a live challenge issued to this account (or to a sign-in when userId is null). */
export async function consumeChallenge(db: PrismaClient, challenge: string, userId: string | null, now = new Date()): Promise<boolean> {
  const consumed = await db.webAuthnChallenge.deleteMany({ where: { challenge, user_id: userId, expires_at: { gt: now } } });
  return consumed.count === 1;
}
