import { z } from "zod";
import { ownAssetId } from "@/lib/asset-url";
import { normalizeLinkUrl } from "@/lib/url";
import { linkEmbed } from "./embed";
import { recordId } from "./record-id";
import { LINK_TYPES, TITLE_MAX_LENGTH, TYPES_WITH_USERNAME, UTM_MAX_LENGTH, type LinkType } from "./link-types";

export * from "./link-types";

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).nullish();

/** A link image travels as an image data URL (stored as an asset, up to 512 KB) or an asset URL. */
export const LINK_IMAGE_MAX_LENGTH = 700_000;
const linkImage = (label: string) =>
  z
    .string()
    .trim()
    .max(LINK_IMAGE_MAX_LENGTH, `${label} is too large`)
    .refine(
      (value) => value === "" || value.startsWith("data:") || ownAssetId(value) !== null,
      `${label} must be an image uploaded here: an image data URL or an /api/assets/ address`,
    )
    .nullish()
    .meta({
      description: `${label}: an image data URL (PNG, JPEG, WebP or GIF, up to 512 KB; stored as an asset) or an /api/assets/{sha256} address. Other addresses are refused.`,
    });

/** Every field a client may send; none has a default, so a partial update never resets a field. */
const linkFields = z.strictObject({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(TITLE_MAX_LENGTH, `Title must be less than ${TITLE_MAX_LENGTH} characters`),
  url: z.string().trim().max(2048, "URL must be at most 2048 characters"),
  link_type: z.enum(LINK_TYPES, { error: "Choose a link type" }),
  is_active: z.boolean(),
  is_adult: z.boolean(),
  username: optionalText(100),
  thumbnail: linkImage("Thumbnail"),
  icon_url: linkImage("Icon"),
  utm_source: optionalText(UTM_MAX_LENGTH),
  utm_medium: optionalText(UTM_MAX_LENGTH),
  utm_campaign: optionalText(UTM_MAX_LENGTH),
  utm_term: optionalText(UTM_MAX_LENGTH),
  utm_content: optionalText(UTM_MAX_LENGTH),
  starts_at: z.coerce.date().nullish(),
  ends_at: z.coerce.date().nullish(),
  show_as_player: z.boolean().meta({
    description: "Show the link as a player when its address is a video or audio item of a known provider (on unless turned off).",
  }),
  button_label: optionalText(60).meta({ description: 'A sign-up block\'s button ("Subscribe" when empty); ignored for other types.' }),
  consent_text: z
    .string()
    .trim()
    .max(300, "Must be at most 300 characters")
    .nullish()
    .meta({ description: "A sign-up block's consent line: null for the default line, empty for none; ignored for other types." }),
  success_message: optionalText(300).meta({ description: "What a sign-up block says after a sign-up (a default when empty)." }),
});

export const linkPatch = linkFields.partial();
export type LinkPatch = z.input<typeof linkPatch>;

/**
 * A whole link as stored: URL required unless a header, scheme added and checked, username
 * kept only where the type has one, empty optional text as null, schedule in order.
 */
// `title` is kept whole (not `.required()`), so a missing title says "Title is required".
const withTitle = linkFields.partial().extend({ title: linkFields.shape.title });

export const linkDraft = withTitle.transform((link, context) => {
  const link_type = link.link_type ?? "regular";
  const rawUrl = link.url ?? "";
  let url = "";
  if (link_type !== "signup" && (rawUrl || link_type !== "header")) {
    const normalized = rawUrl ? normalizeLinkUrl(rawUrl) : null;
    if (!normalized) {
      const message = rawUrl ? "Please enter a valid URL" : "URL is required for non-header links";
      context.addIssue({ code: "custom", path: ["url"], message });
      return z.NEVER;
    }
    url = normalized;
  }
  if (link.starts_at && link.ends_at && link.starts_at >= link.ends_at) {
    context.addIssue({ code: "custom", path: ["ends_at"], message: "End time must be after start time" });
    return z.NEVER;
  }
  return {
    title: link.title,
    url,
    link_type,
    is_active: link.is_active ?? true,
    is_adult: link.is_adult ?? false,
    username: TYPES_WITH_USERNAME.has(link_type) ? link.username || null : null,
    thumbnail: link.thumbnail || null,
    icon_url: link.icon_url || null,
    utm_source: link.utm_source || null,
    utm_medium: link.utm_medium || null,
    utm_campaign: link.utm_campaign || null,
    utm_term: link.utm_term || null,
    utm_content: link.utm_content || null,
    starts_at: link.starts_at ?? null,
    ends_at: link.ends_at ?? null,
    show_as_player: link.show_as_player ?? true,
    ...signupTexts(link_type, link),
  };
});

/** A sign-up block keeps its texts; other types hold none. */
function signupTexts(
  type: LinkType,
  link: { button_label?: string | null; consent_text?: string | null; success_message?: string | null },
) {
  if (type !== "signup") return { button_label: null, consent_text: null, success_message: null };
  return {
    button_label: link.button_label || null,
    consent_text: link.consent_text ?? null,
    success_message: link.success_message || null,
  };
}
export type NewLink = z.output<typeof linkDraft>;

/** POST /links/: a link plus an optional order/position (the server appends regardless). */
export const createLinkInput = withTitle.extend({
  order: z.number().int().min(0).optional(),
  position: z.number().int().min(0).optional(),
});
export type CreateLinkInput = z.input<typeof createLinkInput>;

export const linkIdInput = z.strictObject({ id: recordId });
export const updateLinkInput = z.strictObject({ id: recordId, data: linkPatch });
export const reorderLinksInput = z.strictObject({
  link_ids: z.array(recordId).max(1000, "Too many links"),
});

const nullableText = z.string().nullable();

/** A link as its owner reads it (tRPC and REST). */
export const linkDto = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  link_type: z.enum(LINK_TYPES),
  is_active: z.boolean(),
  is_adult: z.boolean(),
  username: nullableText,
  thumbnail: nullableText,
  icon_url: nullableText,
  clicks: z.number().int(),
  position: z.number().int(),
  order: z.number().int().meta({ description: "Same as position, for clients that read `order`." }),
  utm_source: nullableText,
  utm_medium: nullableText,
  utm_campaign: nullableText,
  utm_term: nullableText,
  utm_content: nullableText,
  starts_at: z.date().nullable(),
  ends_at: z.date().nullable(),
  show_as_player: z.boolean(),
  embed: linkEmbed.nullable().meta({ description: "The player this address can be shown as; null when it is no known provider's item." }),
  button_label: nullableText,
  consent_text: nullableText,
  success_message: nullableText,
  created_at: z.date(),
});
export type LinkDto = z.infer<typeof linkDto>;

/** A link as a visitor's page shows it. */
export const publicLink = linkDto
  .pick({ id: true, title: true, link_type: true, is_adult: true, icon_url: true, thumbnail: true, username: true })
  .extend({
    href: z.string().meta({ description: "The link's address with its UTM parameters appended." }),
    clicks: z
      .number()
      .int()
      .nullable()
      .meta({ description: "How often the link was clicked, when the creator shows click statistics; else null." }),
    embed: linkEmbed
      .nullable()
      .meta({ description: "Shown as this player (a button until the visitor presses play); null for a plain button." }),
    signup: z.object({ button_label: z.string(), consent_text: z.string(), success_message: z.string() }).nullable().meta({
      description: "A sign-up block's texts as shown (defaults filled in; an empty consent line shows none); null for other types.",
    }),
  });
export type PublicLink = z.infer<typeof publicLink>;
