import { z } from "zod";
import { personName } from "./auth";
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, SLUG_CHARACTERS_MESSAGE, SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from "./profile-terms";
import { recordId } from "./record-id";

export * from "./profile-terms";

/** What is wrong with a username typed so far (slugSchema's first message), or undefined while it is empty or valid. */
export function slugProblem(value: string): string | undefined {
  return value ? slugSchema.safeParse(value).error?.issues[0]?.message : undefined;
}

/** One rule set for every place a slug is chosen: onboarding, the create-profile modal, update-slug. */
export const slugSchema = z
  .string({ error: "Please enter a username" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter a username")
  .min(SLUG_MIN_LENGTH, `Username must be at least ${SLUG_MIN_LENGTH} characters`)
  .max(SLUG_MAX_LENGTH, `Username must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(/^[a-z0-9_-]+$/, SLUG_CHARACTERS_MESSAGE);

export const USER_GOALS = ["creator", "business", "personal"] as const;
export const userGoalSchema = z.enum(USER_GOALS, { error: "Please select a goal" });

export const PROFILE_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

const displayName = z
  .string({ error: "Display name is required" })
  .trim()
  .max(DISPLAY_NAME_MAX_LENGTH, `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);
const bio = z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`);

/** An image the browser read as a data URL, or a URL of an image already stored. */
export const imageReference = z.string().max(4_000_000, "Image is too large").nullable();

export const slugInput = z.strictObject({ slug: slugSchema });

/** check-slug takes any short text: a malformed name is answered (`reason: "invalid"`), not refused. */
export const slugCheckInput = z.strictObject({ slug: z.string().trim().toLowerCase().max(100, "Username must be at most 100 characters") });

export const SLUG_UNAVAILABLE_REASONS = ["reserved", "taken", "invalid"] as const;
export type SlugUnavailableReason = (typeof SLUG_UNAVAILABLE_REASONS)[number];

/** GET /profiles/{slug}/: any text up to 100 characters may be asked for; an impossible slug is not found. */
export const publicSlugInput = z.strictObject({ slug: z.string().trim().min(1).max(100) });

export const createProfileInput = z.strictObject({
  display_name: displayName.min(1, "Display name is required"),
  slug: slugSchema,
  bio: bio.optional().default(""),
});
export type CreateProfileInput = z.input<typeof createProfileInput>;

/** PATCH /profiles/me/: any subset of these, applied to the account and its current profile. */
export const updateMyProfileInput = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    display_name: displayName,
    title: displayName,
    bio,
    avatar_url: imageReference,
    profile_visibility: z.enum(PROFILE_VISIBILITIES),
    show_click_stats: z.boolean(),
    user_goal: userGoalSchema,
    onboarding_completed: z.literal(true),
  })
  .partial();
export type UpdateMyProfileInput = z.infer<typeof updateMyProfileInput>;

export const profileIdInput = z.strictObject({ id: recordId });

/** What a profile's deletion takes with it, as its confirmation says. */
export const profileDeletionSummary = z.object({ slug: z.string(), links: z.number().int(), custom_domain: z.string().nullable() });
export type ProfileDeletionSummary = z.infer<typeof profileDeletionSummary>;
export const SUBSCRIPTION_PLANS = ["free", "pro", "business"] as const;

const nullableText = z.string().nullable();

/** A profile as its owner reads it (tRPC and REST). */
export const profileDto = z.object({
  id: z.string(),
  slug: z.string(),
  display_name: z.string(),
  title: z.string(),
  bio: z.string(),
  avatar_url: nullableText,
  profile_image: nullableText,
  is_primary: z.boolean(),
  show_branding: z.boolean(),
  user_goal: nullableText.meta({ description: "creator, business or personal; null until chosen." }),
  onboarding_completed: z.boolean(),
  profile_visibility: z.enum(PROFILE_VISIBILITIES),
  show_click_stats: z.boolean(),
  subscription_plan: z.enum(SUBSCRIPTION_PLANS),
  created_at: z.date(),
});
export type ProfileDto = z.infer<typeof profileDto>;

export const updateProfileByIdInput = z.strictObject({
  id: recordId,
  data: z.strictObject({ display_name: displayName, title: displayName, bio, avatar_url: imageReference }).partial(),
});
