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

/** GET/PUT /profiles/settings/ answer: the account's settings. */
export const userSettings = z.object({
  email_notifications: z.boolean(),
  link_click_notifications: z.boolean(),
  profile_view_notifications: z.boolean(),
  monthly_report: z.boolean(),
  /** Read-only: whether log-in asks for an authenticator code (turned on and off under /auth/2fa/). */
  two_factor_enabled: z.boolean(),
  profile_goal: z.string().nullable(),
});
export type UserSettingsDto = z.infer<typeof userSettings>;

/**
 * PUT /profiles/settings/: any subset (the Settings screen sends one switch at a time).
 * two_factor_enabled is read-only: accepted as sent back from a GET and ignored, since only a code
 * (/auth/2fa/enable/) turns it on and a code or the password (/auth/2fa/disable/) turns it off.
 */
export const updateSettingsInput = z
  .strictObject({
    email_notifications: z.boolean(),
    link_click_notifications: z.boolean(),
    profile_view_notifications: z.boolean(),
    monthly_report: z.boolean(),
    two_factor_enabled: z.boolean().meta({ description: "Read-only: ignored." }),
    profile_goal: userGoalSchema.nullable(),
  })
  .partial();
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;
