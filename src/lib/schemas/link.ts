import { z } from "zod";
import { normalizeLinkUrl } from "@/lib/url";

export const LINK_TYPES = ["regular", "header", "social", "music", "video", "payment"] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  regular: "Regular Link",
  header: "Header",
  social: "Social Media",
  music: "Music Platform",
  video: "Video Platform",
  payment: "Payment Method",
};
/** Only these types carry a username (the account on that platform). */
export const TYPES_WITH_USERNAME: ReadonlySet<LinkType> = new Set(["social", "music", "video"]);

export const TITLE_MAX_LENGTH = 200;
export const UTM_MAX_LENGTH = 100;
export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

const utmValue = z
  .string()
  .trim()
  .max(UTM_MAX_LENGTH, `Must be at most ${UTM_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => value || null);

const linkFields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(TITLE_MAX_LENGTH - 1, `Title must be less than ${TITLE_MAX_LENGTH} characters`),
  url: z.string().trim().max(2048, "URL must be at most 2048 characters").optional().default(""),
  link_type: z.enum(LINK_TYPES).optional().default("regular"),
  is_active: z.boolean().optional().default(true),
  is_adult: z.boolean().optional().default(false),
  username: z.string().trim().max(100).nullish(),
  thumbnail: z.string().max(2048).nullish(),
  icon_url: z.string().max(2048).nullish(),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
  starts_at: z.coerce.date().nullish(),
  ends_at: z.coerce.date().nullish(),
};

/** URL required unless a header, normalised, and username kept only where the type has one. */
function finishLink<T extends { url: string; link_type: LinkType; username?: string | null }>(
  link: T,
  context: z.RefinementCtx,
): T {
  const isHeader = link.link_type === "header";
  let url = "";
  if (link.url || !isHeader) {
    if (!link.url) {
      context.addIssue({ code: "custom", path: ["url"], message: "URL is required for non-header links" });
      return z.NEVER;
    }
    const normalized = normalizeLinkUrl(link.url);
    if (!normalized) {
      context.addIssue({ code: "custom", path: ["url"], message: "Please enter a valid URL" });
      return z.NEVER;
    }
    url = normalized;
  }
  return { ...link, url, username: TYPES_WITH_USERNAME.has(link.link_type) ? link.username || null : null };
}

export const createLinkInput = z
  .strictObject({ ...linkFields, position: z.number().int().min(0).optional(), order: z.number().int().min(0).optional() })
  .transform(finishLink)
  .refine((link) => !link.starts_at || !link.ends_at || link.starts_at < link.ends_at, {
    path: ["ends_at"],
    message: "End time must be after start time",
  });
export type CreateLinkInput = z.input<typeof createLinkInput>;
export type NewLink = z.output<typeof createLinkInput>;
