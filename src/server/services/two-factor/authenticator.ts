import { Secret, TOTP } from "otpauth";
import { env } from "@/server/config/env";
import type { PrismaClient } from "@/generated/prisma/client";
import { INVALID_CODE, type TwoFactorProof } from "@/lib/schemas/two-factor";
import { getUser } from "../auth/accounts";
import { credentialEvent } from "../auth/credential-events";
import { assertAccountPassword } from "../auth/password-check";
import { ServiceError } from "../errors";
import { returnCodeAttempt, takeCodeAttempt } from "./code-throttle";
import { issueRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_PATTERN, spendRecoveryCode } from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box";

const PERIOD_SECONDS = 30;
/** One step either side of now, for clocks that drift. */
const WINDOW_STEPS = 1;

export const ALREADY_ON = "Two-factor authentication is already on";
export const NOT_ON = "Two-factor authentication is not on";
const START_FIRST = "Start the set-up again: no authenticator is waiting for a code";

function totpFor(secretBase32: string, label: string): TOTP {
  // The issuer is the name an authenticator app lists the account under, so staging and production can differ.
  return new TOTP({
    issuer: env.APP_NAME,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a 6-digit code belongs to, or null when it is no current code of this secret. */
function stepOf(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, "");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

export async function isTwoFactorOn(db: PrismaClient, userId: string): Promise<boolean> {
  const row = await db.twoFactorSecret.findUnique({ where: { user_id: userId }, select: { enabled_at: true } });
  return Boolean(row?.enabled_at);
}

export async function twoFactorStatus(db: PrismaClient, userId: string) {
  const enabled = await isTwoFactorOn(db, userId);
  const left = enabled ? await db.recoveryCode.count({ where: { user_id: userId, used_at: null } }) : 0;
  return { enabled, recovery_codes_left: left };
}

/** A new secret waits for its first code; until then the account's sign-in is unchanged. */
export async function startTwoFactorSetup(db: PrismaClient, userId: string): Promise<{ secret: string; otpauth_url: string }> {
  const user = await getUser(db, userId);
  if (await isTwoFactorOn(db, userId)) throw new ServiceError("CONFLICT", ALREADY_ON);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret(secret);
  await db.twoFactorSecret.upsert({
    where: { user_id: userId },
    create: { user_id: userId, secret_encrypted: sealed },
    update: { secret_encrypted: sealed, enabled_at: null, last_used_step: 0 },
  });
  return { secret, otpauth_url: totpFor(secret, user.email).toString() };
}

/**
 * Spends a code of the account: a 6-digit code newer than the last accepted one (so none is
 * accepted twice), or an unused recovery code. The attempt is counted before the check; a right one is given back.
 */
export async function spendSecondFactor(
  db: PrismaClient,
  userId: string,
  code: string,
  clientIp: string | null,
  options: { allowRecoveryCode: boolean; pending?: boolean } = { allowRecoveryCode: true },
  now = new Date(),
): Promise<boolean> {
  await takeCodeAttempt(userId, clientIp);
  const accepted = await acceptCode(db, userId, code.replace(/\s/g, ""), options, now);
  if (accepted) await returnCodeAttempt(userId, clientIp);
  return accepted;
}

async function acceptCode(
  db: PrismaClient,
  userId: string,
  code: string,
  options: { allowRecoveryCode: boolean; pending?: boolean },
  now: Date,
): Promise<boolean> {
  const row = await db.twoFactorSecret.findUnique({ where: { user_id: userId } });
  if (!row || Boolean(row.enabled_at) === Boolean(options.pending)) return false;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(openSecret(row.secret_encrypted), code, now);
    if (step === null) return false;
    // Conditional on the last step, so of two requests with one code exactly one wins.
    const claimed = await db.twoFactorSecret.updateMany({
      where: { user_id: userId, last_used_step: { lt: step } },
      data: { last_used_step: step, ...(options.pending ? { enabled_at: now } : {}) },
    });
    return claimed.count === 1;
  }
  const recovery = normalizeRecoveryCode(code);
  return options.allowRecoveryCode && RECOVERY_CODE_PATTERN.test(recovery) && spendRecoveryCode(db, userId, recovery, now);
}

const invalidCode = (field = "code") => new ServiceError("BAD_REQUEST", INVALID_CODE, { fields: { [field]: [INVALID_CODE] } });

/**
 * The first code from the app turns two-factor on and issues the recovery codes. Sessions other
 * than the caller's end: whoever else was signed in passed only the old, weaker sign-in.
 */
export async function enableTwoFactor(
  db: PrismaClient,
  userId: string,
  code: string,
  asker: { sessionId?: string | null; clientIp: string | null },
): Promise<string[]> {
  const { clientIp } = asker;
  const row = await db.twoFactorSecret.findUnique({ where: { user_id: userId } });
  if (row?.enabled_at) throw new ServiceError("CONFLICT", ALREADY_ON);
  if (!row) throw new ServiceError("BAD_REQUEST", START_FIRST);
  if (!(await spendSecondFactor(db, userId, code, clientIp, { allowRecoveryCode: false, pending: true }))) throw invalidCode();
  const codes = await credentialEvent(
    db,
    userId,
    "twoFactorOn",
    { sessionId: asker.sessionId },
    {
      apply: async (tx) => {
        await tx.userSettings.upsert({
          where: { user_id: userId },
          create: { user_id: userId, two_factor_enabled: true },
          update: { two_factor_enabled: true },
        });
        return issueRecoveryCodes(tx, userId);
      },
    },
  );
  return codes!;
}

/** A current code, an unused recovery code or the password (throttled as log-ins are) proves the account holder is present. */
async function assertProof(db: PrismaClient, userId: string, proof: TwoFactorProof, clientIp: string | null): Promise<void> {
  if (!(await isTwoFactorOn(db, userId))) throw new ServiceError("BAD_REQUEST", NOT_ON);
  if (proof.code !== undefined) {
    if (!(await spendSecondFactor(db, userId, proof.code, clientIp))) throw invalidCode();
    return;
  }
  await assertAccountPassword(db, await getUser(db, userId), proof.password ?? "", clientIp, "password");
}

export async function disableTwoFactor(db: PrismaClient, userId: string, proof: TwoFactorProof, clientIp: string | null): Promise<void> {
  await assertProof(db, userId, proof, clientIp);
  await credentialEvent(db, userId, "twoFactorOff");
}

export async function regenerateRecoveryCodes(
  db: PrismaClient,
  userId: string,
  proof: TwoFactorProof,
  clientIp: string | null,
): Promise<string[]> {
  await assertProof(db, userId, proof, clientIp);
  return db.$transaction((tx) => issueRecoveryCodes(tx, userId));
}
