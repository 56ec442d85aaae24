import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { z } from "zod";
import {
  analyticsBrowsers,
  analyticsDevices,
  analyticsLinkDetail,
  analyticsLinks,
  analyticsLocations,
  analyticsOs,
  analyticsOverview,
  analyticsRealtime,
  analyticsReferrers,
  analyticsTimeline,
  analyticsUtm,
} from "@/lib/schemas/analytics";
import { ERROR_CODE_NAMES } from "@/lib/openapi/error-codes";
import { apiTokenList, createdApiToken } from "@/lib/schemas/api-token";
import { authUser } from "@/lib/schemas/auth";
import { subscriber } from "@/lib/schemas/audience";
import { designData } from "@/lib/schemas/design";
import { importPreview } from "@/lib/schemas/import";
import { linkDto, publicLink } from "@/lib/schemas/link";
import { passkeySummary } from "@/lib/schemas/passkey";
import { activeSession } from "@/lib/schemas/session";
import { profileDto, SLUG_UNAVAILABLE_REASONS } from "@/lib/schemas/profile";
import { userSettings } from "@/lib/schemas/settings";
import { createdWebhook, webhookAttemptList, webhookList, webhookTestResult } from "@/lib/schemas/webhook";
import { recoveryCodes, twoFactorChallenge, twoFactorSetup, twoFactorStatus } from "@/lib/schemas/two-factor";

/**
 * What the procedures answer (`.output()`), as zod schemas: tRPC checks every answer against them,
 * the OpenAPI document is generated from them, and the contract suite validates every live REST
 * answer with them. Request bodies are the shared input schemas in src/lib/schemas.
 * Dates are `z.date()` here (what the services return) and ISO 8601 strings on the wire.
 */

export const user = authUser;
export const design = designData;
export { publicLink };

export const profile = profileDto;
export const link = linkDto;

export const publishedProfile = z.object({
  is_published: z.literal(true),
  ...profileDto.pick({ slug: true, display_name: true, title: true, bio: true, avatar_url: true, show_branding: true }).shape,
  links: z.array(publicLink).meta({ description: "Active links inside their schedule, in order." }),
  design,
});

/** The page as the renderer reads it, for the public page and the editor's preview. */
export const publicProfileData = publishedProfile.omit({ is_published: true });

export const unpublishedProfile = z.object({
  is_published: z.literal(false),
  ...profileDto.pick({ slug: true }).shape,
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
export { recoveryCodes, twoFactorChallenge, twoFactorSetup, twoFactorStatus };
/** Log-in: the tokens, or, for an account with two-factor on, a ticket to finish at /auth/login/2fa/. */
export const loginResult = z.union([authResult, twoFactorChallenge]);
export const googleLoginResult = z.union([googleAuthResult, twoFactorChallenge]);
export const passkey = passkeySummary;
export const passkeyList = z.array(passkeySummary);
/** WebAuthn options as @simplewebauthn/server writes them, handed to @simplewebauthn/browser as they are. */
const hasChallenge = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as { challenge?: unknown }).challenge === "string";
export const passkeyRegistrationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge);
export const passkeySignInOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge);

export { apiTokenList, createdApiToken };
export { createdWebhook, webhookAttemptList, webhookList, webhookTestResult };

export const success = z.object({ success: z.boolean() });
/** GET /domains/allowed/'s answer: the domain asked about, normalised. */
export const allowedDomain = z.object({ domain: z.string() });
export const accepted = z.object({ detail: z.string() });
export const passwordResetDone = z.object({ detail: z.string(), email: z.string().describe("The account's address, to sign in with.") });
export const emailLinkDone = z.object({
  detail: z.string(),
  outcome: z.enum(["verified", "changed"]).describe("`verified`: the address is confirmed; `changed`: the account now uses it."),
  email: z.string(),
});
/** tRPC register: the web app signs in through next-auth afterwards, REST logs in (src/server/rest/routes.ts). */
export const registered = z.object({ user, needsOnboarding: z.boolean() });
export const activeSessions = z.array(activeSession);
export const templateApplied = success.extend({ template: z.string() });
export const profileDeleted = success.extend({
  was_current: z.boolean().meta({ description: "True when the deleted profile was the current (primary) one." }),
});
export const slugAvailability = z.object({
  slug: z.string(),
  available: z.boolean(),
  reason: z
    .enum(SLUG_UNAVAILABLE_REASONS)
    .optional()
    .describe(
      "Only when `available` is false: `reserved` (kept for the app's own pages), `taken` (another page has it) or `invalid` (not 3–30 of a–z, 0–9, `_`, `-`).",
    ),
});
export const linkList = z.array(link);
export const linksAdded = z.object({ created: z.number().int() });
export { importPreview };
export const importResult = z.object({
  profile,
  links: z.array(link).meta({ description: "The profile's links after the import, in order." }),
  not_imported: importPreview.shape.not_imported,
});
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
export const subscriberPage = page(subscriber);
export const profilePage = page(profile);
export const pageQuery = z.object({
  page: z
    .number({ error: "A valid page number is required." })
    .int("A valid page number is required.")
    .min(1, "Pages start at 1.")
    .optional()
    .meta({ description: "1-based page number (20 items per page)." }),
});

export {
  analyticsBrowsers,
  analyticsDevices,
  analyticsLinkDetail,
  analyticsLinks,
  analyticsLocations,
  analyticsOs,
  analyticsOverview,
  analyticsRealtime,
  analyticsReferrers,
  analyticsTimeline,
  analyticsUtm,
};

/** Every error: a readable `detail` and a stable `code` (the table in docs/api.md). */
export const error = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODE_NAMES).describe("Stable snake_case name of the error, for clients to switch on."),
});
/** Invalid input: `detail` plus, per invalid field, its messages. */
export const validationError = error.catchall(z.array(z.string()));
/** The click beacon's body (served by the custom server, before Next); other fields are ignored. */
export const clickInput = z.looseObject({
  referrer: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "The address the visitor came to the page from (document.referrer; empty for a direct visit)." }),
  page: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "The address of the page clicked on, whose utm_* parameters the click keeps (referrer's when absent)." }),
  qr: z.boolean().optional().meta({ description: 'The page was opened through its QR code: the click\'s referrer is "QR code".' }),
});
