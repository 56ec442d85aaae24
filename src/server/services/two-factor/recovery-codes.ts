import { createHmac, randomInt } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { RECOVERY_CODE_COUNT } from "@/lib/schemas/two-factor";
import { derivedKey } from "../auth/keys";

// No 0/o, 1/l/i: a code copied by hand reads one way only.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const HALF = 5;
export const RECOVERY_CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${HALF * 2}}$`);

function randomHalf(): string {
  return Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** As typed: case, spaces and the dash do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** Keyed by AUTH_SECRET, so a copy of the table alone cannot be searched for codes. */
export function hashRecoveryCode(normalized: string): string {
  return createHmac("sha256", derivedKey("recovery-code")).update(normalized).digest("hex");
}

/** Replaces the account's recovery codes with ten new ones, shown to the user once and kept only as hashes. */
export async function issueRecoveryCodes(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(`${randomHalf()}-${randomHalf()}`);
  await tx.recoveryCode.deleteMany({ where: { user_id: userId } });
  await tx.recoveryCode.createMany({
    data: [...codes].map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(normalizeRecoveryCode(code)) })),
  });
  return [...codes];
}

/** Spends one unused recovery code; true when it was one. */
export async function spendRecoveryCode(
  db: Prisma.TransactionClient,
  userId: string,
  normalized: string,
  now = new Date(),
): Promise<boolean> {
  const spent = await db.recoveryCode.updateMany({
    where: { user_id: userId, code_hash: hashRecoveryCode(normalized), used_at: null },
    data: { used_at: now },
  });
  return spent.count === 1;
}
