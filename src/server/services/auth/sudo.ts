// Sudo mode: sensitive changes need a proof of identity made within the last few minutes, recorded on
// the session (the sign-in itself, or a password, code or passkey asked again).
import type { PrismaClient } from "@/generated/prisma/client";
import { INVALID_CODE } from "@/lib/schemas/two-factor";
import type { IdentityProof } from "@/lib/schemas/sudo";
import { REAUTHENTICATE } from "@/lib/schemas/sudo-proof";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";
import { verifyOwnPasskey } from "../passkeys/passkeys";
import { isTwoFactorOn, spendSecondFactor } from "../two-factor/authenticator";
import { getUser } from "./accounts";
import { assertAccountPassword } from "./password-check";

/** Who asks: the account, the session the request presented (absent only for scripts and tests) and the client address. */
export interface Asker {
  userId: string;
  sessionId?: string | null;
  clientIp: string | null;
}

export const reauthenticationRequired = () => new ServiceError("FORBIDDEN", REAUTHENTICATE, { reason: "REAUTHENTICATE" });

async function recordProof(db: PrismaClient, asker: Asker, now: Date): Promise<void> {
  if (asker.sessionId) await db.session.updateMany({ where: { id: asker.sessionId, user_id: asker.userId }, data: { verified_at: now } });
}

/** Checks a password, a code or a passkey of the account, then counts as a fresh proof for this session. */
export async function confirmIdentity(db: PrismaClient, asker: Asker, proof: IdentityProof, now = new Date()): Promise<void> {
  if (proof.password !== undefined) {
    await assertAccountPassword(db, await getUser(db, asker.userId), proof.password, asker.clientIp, "password");
  } else if (proof.code !== undefined) {
    if (!(await spendSecondFactor(db, asker.userId, proof.code, asker.clientIp))) {
      throw new ServiceError("BAD_REQUEST", INVALID_CODE, { fields: { code: [INVALID_CODE] } });
    }
  } else if (proof.passkey !== undefined) {
    await verifyOwnPasskey(db, asker.userId, proof.passkey, now);
  }
  await recordProof(db, asker, now);
}

/** What the prompt can ask this account for. */
export async function identityOptions(db: PrismaClient, userId: string) {
  const user = await getUser(db, userId);
  const passkeys = await db.passkey.count({ where: { user_id: userId } });
  return { password: Boolean(user.password_hash), code: await isTwoFactorOn(db, userId), passkey: passkeys > 0 };
}

/**
 * The guard of every sensitive change: a `current_password` sent with it is checked (throttled as
 * log-ins are), else the session must have proven who it is within SUDO_MODE_SECONDS (5 minutes); else 403.
 */
export async function assertRecentProof(db: PrismaClient, asker: Asker, currentPassword?: string, now = new Date()): Promise<void> {
  if (currentPassword !== undefined) {
    await assertAccountPassword(db, await getUser(db, asker.userId), currentPassword, asker.clientIp);
    await recordProof(db, asker, now);
    return;
  }
  // A caller built in-process (scripts, tests) carries no session at all; every request does, or null.
  if (asker.sessionId === undefined) return;
  const session = asker.sessionId
    ? await db.session.findUnique({ where: { id: asker.sessionId }, select: { user_id: true, verified_at: true } })
    : null;
  const freshSince = now.getTime() - env.SUDO_MODE_SECONDS * 1000;
  if (!session || session.user_id !== asker.userId || session.verified_at.getTime() < freshSince) throw reauthenticationRequired();
}
