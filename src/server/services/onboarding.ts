import type { PrismaClient } from "@/generated/prisma/client";

/** Spec section 4: set when the profile step is saved or skipped, and again at the complete step. */
export async function completeOnboarding(db: PrismaClient, userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { onboarding_completed: true } }),
    db.profile.updateMany({ where: { user_id: userId, is_primary: true }, data: { onboarding_completed: true } }),
  ]);
}
