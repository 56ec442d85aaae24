// A link's types and limits without its zod schemas, so screens that only show links ship no zod (schemas in link.ts).

export const LINK_TYPES = ["regular", "header", "social", "music", "video", "payment", "signup"] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  regular: "Regular Link",
  header: "Header",
  social: "Social Media",
  music: "Music Platform",
  video: "Video Platform",
  payment: "Payment Method",
  signup: "Email Sign-up",
};
/** Types without an address: a header is a title, a sign-up block a form (docs/product/audience.md#the-sign-up-block). */
export const TYPES_WITHOUT_URL: ReadonlySet<LinkType> = new Set(["header", "signup"]);
/** Only these types carry a username (the account on that platform). */
export const TYPES_WITH_USERNAME: ReadonlySet<LinkType> = new Set(["social", "music", "video"]);

export const TITLE_MAX_LENGTH = 200;
export const UTM_MAX_LENGTH = 100;
export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
