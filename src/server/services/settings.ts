import type { PrismaClient, UserSettings } from "@/generated/prisma/client";
import type { UpdateSettingsInput, UserSettingsDto } from "@/lib/schemas/settings";
import { getUser } from "./auth/accounts";

function toSettingsDto(settings: UserSettings): UserSettingsDto {
  return {
    email_notifications: settings.email_notifications,
    link_click_notifications: settings.link_click_notifications,
    profile_view_notifications: settings.profile_view_notifications,
    monthly_report: settings.monthly_report,
    two_factor_enabled: settings.two_factor_enabled,
    profile_goal: settings.profile_goal,
  };
}

/** Every account has settings; one created before settings existed gets the defaults on first use. */
async function ensureSettings(db: PrismaClient, userId: string): Promise<UserSettings> {
  const existing = await db.userSettings.findUnique({ where: { user_id: userId } });
  if (existing) return existing;
  await getUser(db, userId); // a deleted account is unauthorised, not a database error
  return db.userSettings.upsert({ where: { user_id: userId }, create: { user_id: userId }, update: {} });
}

export async function getSettings(db: PrismaClient, userId: string): Promise<UserSettingsDto> {
  return toSettingsDto(await ensureSettings(db, userId));
}

/** Applies the sent switches only; fields left out keep their value. */
export async function updateSettings(db: PrismaClient, userId: string, input: UpdateSettingsInput): Promise<UserSettingsDto> {
  await ensureSettings(db, userId);
  return toSettingsDto(await db.userSettings.update({ where: { user_id: userId }, data: input }));
}

/** The zone the creator reads Insights in becomes the zone their digests count days in. */
export async function rememberTimeZone(db: PrismaClient, userId: string, timeZone: string): Promise<void> {
  await db.userSettings.updateMany({
    where: { user_id: userId, OR: [{ time_zone: null }, { time_zone: { not: timeZone } }] },
    data: { time_zone: timeZone },
  });
}
