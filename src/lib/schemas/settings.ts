import { z } from "zod";
import { userGoalSchema } from "./profile";

/** The notification switches of the Settings screen, by wire name. */
export const NOTIFICATION_SETTINGS = [
  "email_notifications",
  "link_click_notifications",
  "profile_view_notifications",
  "monthly_report",
] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

export const TWO_FACTOR_UNAVAILABLE = "Two-factor authentication is not available yet";

/** GET/PUT /profiles/settings/ answer: the account's settings. */
export const userSettings = z.object({
  email_notifications: z.boolean(),
  link_click_notifications: z.boolean(),
  profile_view_notifications: z.boolean(),
  monthly_report: z.boolean(),
  /** Read-only: no second factor exists yet, so it stays false. */
  two_factor_enabled: z.boolean(),
  profile_goal: z.string().nullable(),
});
export type UserSettingsDto = z.infer<typeof userSettings>;

/**
 * PUT /profiles/settings/: any subset (the Settings screen sends one switch at a time).
 * two_factor_enabled may only be sent as false, since turning it on would promise protection
 * that does not exist.
 */
export const updateSettingsInput = z
  .strictObject({
    email_notifications: z.boolean(),
    link_click_notifications: z.boolean(),
    profile_view_notifications: z.boolean(),
    monthly_report: z.boolean(),
    two_factor_enabled: z.literal(false, { error: TWO_FACTOR_UNAVAILABLE }),
    profile_goal: userGoalSchema.nullable(),
  })
  .partial();
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;
