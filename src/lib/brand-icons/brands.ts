import type { SimpleIconBrand } from "./simple-icon-exports";
import { SIMPLE_ICON_PATHS } from "./simple-icons.generated";

/** How a glyph is painted in its 24×24 box: simple-icons are filled shapes, ours are 2 px strokes. */
export interface Glyph {
  d: string;
  paint: "fill" | "stroke";
}

/** Glyphs drawn here: simple-icons has no LinkedIn (withdrawn at the brand's request), so it gets a neutral briefcase. */
const OWN_GLYPHS = {
  linkedin:
    "M3.5 8A1.5 1.5 0 0 1 5 6.5h14A1.5 1.5 0 0 1 20.5 8v10a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 18V8ZM9 6.5V5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5v1.5M3.5 12.5h17",
  email: "M4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11A1.5 1.5 0 0 1 4.5 5ZM3.5 6.5 12 13l8.5-6.5",
  phone: "M7 2.5h10a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H7A1.5 1.5 0 0 1 5.5 20V4A1.5 1.5 0 0 1 7 2.5ZM10.5 18.5h3",
  link: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
} as const;

export type Brand = SimpleIconBrand | Exclude<keyof typeof OWN_GLYPHS, "link">;
export type IconKey = Brand | "link";

/** Each brand's name as visitors know it: the accessible name of an icon-only link. */
export const BRAND_LABELS: Record<Brand, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  x: "X",
  facebook: "Facebook",
  threads: "Threads",
  spotify: "Spotify",
  soundcloud: "SoundCloud",
  snapchat: "Snapchat",
  pinterest: "Pinterest",
  whatsapp: "WhatsApp",
  linkedin: "LinkedIn",
  github: "GitHub",
  twitch: "Twitch",
  discord: "Discord",
  telegram: "Telegram",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  patreon: "Patreon",
  kofi: "Ko-fi",
  substack: "Substack",
  applemusic: "Apple Music",
  applepodcasts: "Apple Podcasts",
  bandcamp: "Bandcamp",
  medium: "Medium",
  vimeo: "Vimeo",
  reddit: "Reddit",
  paypal: "PayPal",
  email: "Email",
  phone: "Phone",
};

export function glyphOf(key: IconKey): Glyph {
  if (key in OWN_GLYPHS) return { d: OWN_GLYPHS[key as keyof typeof OWN_GLYPHS], paint: "stroke" };
  return { d: SIMPLE_ICON_PATHS[key as SimpleIconBrand], paint: "fill" };
}
