import type { PrismaClient } from "@/generated/prisma/client";
import type { UpdateMyProfileInput } from "@/lib/schemas/profile";
import { resolveUpload } from "../assets/assets";
import { getUser, toAuthUser } from "../auth/accounts";
import { completeOnboarding } from "../onboarding";
import { findCurrentProfile, requireCurrentProfile } from "./profiles";
import { recordWebhookEvent } from "../webhooks/events";
import { toProfileDto } from "./serialize";

/** The account and its current profile, as GET /profiles/me/ returns them. */
export async function getMe(db: PrismaClient, userId: string) {
  const [user, profile] = await Promise.all([getUser(db, userId), findCurrentProfile(db, userId)]);
  return { user: toAuthUser(user), profile: profile ? toProfileDto(profile) : null };
}

/** PATCH /profiles/me/: account fields go to the user, the rest to the current profile. */
export async function updateMe(db: PrismaClient, userId: string, input: UpdateMyProfileInput) {
  const { first_name, last_name, onboarding_completed, user_goal, avatar_url, ...profileFields } = input;
  const touchesProfile = Object.keys(profileFields).length > 0 || avatar_url !== undefined || user_goal !== undefined;
  const profile = touchesProfile ? await requireCurrentProfile(db, userId) : null;
  const avatar = avatar_url === undefined ? undefined : await resolveUpload(db, "avatar", "avatar_url", avatar_url);

  await db.$transaction(async (tx) => {
    if (first_name !== undefined || last_name !== undefined) {
      await tx.user.update({ where: { id: userId }, data: { first_name, last_name } });
    }
    if (user_goal !== undefined) {
      await tx.userSettings.upsert({
        where: { user_id: userId },
        create: { user_id: userId, profile_goal: user_goal },
        update: { profile_goal: user_goal },
      });
    }
    if (profile) {
      const updated = await tx.profile.update({ where: { id: profile.id }, data: { ...profileFields, user_goal, avatar_url: avatar } });
      await recordWebhookEvent(tx, { userId, type: "profile.updated", data: toProfileDto(updated) });
    }
  });
  if (onboarding_completed) await completeOnboarding(db, userId);
  return getMe(db, userId);
}
