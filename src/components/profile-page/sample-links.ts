import type { PublicLink } from "@/lib/public-profile";

/** The editor's preview shows these sample links while the page has no links of its own; template cards show the first three. */
export const SAMPLE_LINKS: PublicLink[] = [
  { title: "My Website", href: "https://example.com" },
  { title: "Instagram", href: "https://example.com/instagram" },
  { title: "YouTube", href: "https://example.com/youtube" },
  { title: "Shop", href: "https://example.com/shop" },
].map((link, index) => ({
  ...link,
  id: `sample-${index + 1}`,
  link_type: "regular",
  is_adult: false,
  icon_url: null,
  thumbnail: null,
  username: null,
  clicks: null,
  embed: null,
  signup: null,
}));
