import { z } from "zod";
import { DEVICE_TYPES } from "@/lib/schemas/analytics";
import { authUser } from "@/lib/schemas/auth";
import { designData } from "@/lib/schemas/design";
import { linkDto, publicLink } from "@/lib/schemas/link";
import { activeSession } from "@/lib/schemas/session";
import { PROFILE_VISIBILITIES } from "@/lib/schemas/profile";
import { userSettings } from "@/lib/schemas/settings";

/**
 * What the procedures answer (`.output()`), as zod schemas: tRPC checks every answer against them,
 * the OpenAPI document is generated from them, and the contract suite validates every live REST
 * answer with them. Request bodies are the shared input schemas in src/lib/schemas.
 * Dates are `z.date()` here (what the services return) and ISO 8601 strings on the wire.
 */

const nullableText = z.string().nullable();

export const user = authUser;
export const design = designData;
export { publicLink };

export const profile = z.object({
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
  subscription_plan: z.enum(["free", "pro", "business"]),
  created_at: z.date(),
});

export const link = linkDto;

export const publishedProfile = z.object({
  is_published: z.literal(true),
  slug: z.string(),
  display_name: z.string(),
  title: z.string(),
  bio: z.string(),
  avatar_url: nullableText,
  show_branding: z.boolean(),
  links: z.array(publicLink).meta({ description: "Active links inside their schedule, in order." }),
  design,
});

/** The page as the renderer reads it, for the public page and the editor's preview. */
export const publicProfileData = publishedProfile.omit({ is_published: true });

export const unpublishedProfile = z.object({
  is_published: z.literal(false),
  slug: z.string(),
});

export const publicProfile = z.discriminatedUnion("is_published", [publishedProfile, unpublishedProfile]);

export const me = z.object({ user, profile: profile.nullable() });
/** The current profile, or null before a username is chosen. */
export const currentProfile = profile.nullable();
export const profileList = z.array(profile);
export const profileRemoved = z.object({ wasCurrent: z.boolean() });

export const tokens = z.object({
  access: z.string().meta({ description: "Access token (JWT) for `Authorization: Bearer`, valid 15 minutes." }),
  refresh: z.string().meta({ description: "Refresh token, valid 30 days, replaced on every use." }),
});
export const authResult = tokens.extend({ user });
export const googleAuthResult = authResult.extend({
  created: z.boolean().meta({ description: "True when this sign-in created the account." }),
});

export const success = z.object({ success: z.boolean() });
/** tRPC register: the web app signs in through next-auth afterwards, REST logs in (src/server/rest/routes.ts). */
export const registered = z.object({ user, needsOnboarding: z.boolean() });
export const activeSessions = z.array(activeSession);
export const templateApplied = success.extend({ template: z.string() });
export const profileDeleted = success.extend({
  was_current: z.boolean().meta({ description: "True when the deleted profile was the current (primary) one." }),
});
export const slugAvailability = z.object({ slug: z.string(), available: z.boolean() });
export const linkList = z.array(link);
export const linksAdded = z.object({ created: z.number().int() });
export const linkToggled = z.object({ id: z.string(), is_active: z.boolean() });
export const settings = userSettings;

/** `?page=` lists: 20 per page, `next`/`previous` as absolute URLs. */
export const PAGE_SIZE = 20;
function page<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export const linkPage = page(link);
export const profilePage = page(profile);
export const pageQuery = z.object({
  page: z
    .number({ error: "A valid page number is required." })
    .int("A valid page number is required.")
    .min(1, "Pages start at 1.")
    .optional()
    .meta({ description: "1-based page number (20 items per page)." }),
});

const change = z.number().nullable().meta({ description: "Percent change against the previous period; null when it was 0." });
export const analyticsOverview = z.object({
  total_views: z.number().int(),
  total_clicks: z.number().int(),
  unique_visitors: z.number().int(),
  click_rate: z.number().meta({ description: "Clicks per view, percent." }),
  change: z.object({ total_views: change, total_clicks: change, unique_visitors: change, click_rate: change }),
});
export const analyticsLinks = z.object({
  links: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      clicks: z.number().int(),
      unique_clicks: z.number().int(),
      click_percentage: z.number(),
      ctr: z.number(),
      trend: change,
    }),
  ),
});
export const analyticsTimeline = z.object({
  data: z.array(z.object({ date: z.string().meta({ description: "YYYY-MM-DD" }), views: z.number().int(), clicks: z.number().int() })),
});
export const analyticsDevices = z.object({
  devices: z.array(z.object({ device_type: z.enum(DEVICE_TYPES), count: z.number().int(), percentage: z.number() })),
});
export const analyticsLocations = z.object({
  locations: z.array(z.object({ country: z.string(), visits: z.number().int(), percentage: z.number() })),
});
export const analyticsReferrers = z.object({
  referrers: z.array(
    z.object({
      referrer: z.string().meta({ description: 'The referring host, "QR code" for visits through the page\'s QR code, or "Direct".' }),
      visits: z.number().int(),
      percentage: z.number(),
    }),
  ),
});

/** Every error: a readable `detail`. */
export const error = z.object({ detail: z.string() });
/** Invalid input: `detail` plus, per invalid field, its messages. */
export const validationError = error.catchall(z.array(z.string()));
/** The click beacon's body (served by the custom server, before Next); other fields are ignored. */
export const clickInput = z.looseObject({
  referrer: z.string().max(2048).optional().meta({ description: "The page the visitor clicked on." }),
});
