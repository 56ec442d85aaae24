import type { PrismaClient } from "@/generated/prisma/client";
import { findCurrentProfile } from "./profiles/profiles";

/** Set when the profile step is saved or skipped, and again at the complete step: on the account and its current profile. */
export async function completeOnboarding(db: PrismaClient, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { onboarding_completed: true } });
    const current = await findCurrentProfile(tx, userId);
    if (current) await tx.profile.update({ where: { id: current.id }, data: { onboarding_completed: true } });
  });
}
