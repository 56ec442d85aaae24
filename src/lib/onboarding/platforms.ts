import type { LinkType } from "@/lib/schemas/link";

export const PLATFORMS = [
  "instagram",
  "whatsapp",
  "tiktok",
  "youtube",
  "website",
  "spotify",
  "threads",
  "facebook",
  "x",
  "soundcloud",
  "snapchat",
  "pinterest",
] as const;
export type Platform = (typeof PLATFORMS)[number];
export const MAX_PLATFORMS = 5;

export const PLATFORM_INFO: Record<Platform, { label: string; linkType: LinkType; placeholder: string }> = {
  instagram: { label: "Instagram", linkType: "social", placeholder: "username" },
  whatsapp: { label: "WhatsApp", linkType: "social", placeholder: "phone number" },
  tiktok: { label: "TikTok", linkType: "social", placeholder: "username" },
  youtube: { label: "YouTube", linkType: "video", placeholder: "channel handle" },
  website: { label: "Website", linkType: "regular", placeholder: "yourwebsite.com" },
  spotify: { label: "Spotify", linkType: "music", placeholder: "artist/ID or profile link" },
  threads: { label: "Threads", linkType: "social", placeholder: "username" },
  facebook: { label: "Facebook", linkType: "social", placeholder: "username" },
  x: { label: "X", linkType: "social", placeholder: "username" },
  soundcloud: { label: "SoundCloud", linkType: "music", placeholder: "username" },
  snapchat: { label: "Snapchat", linkType: "social", placeholder: "username" },
  pinterest: { label: "Pinterest", linkType: "social", placeholder: "username" },
};

// These sites address profiles as /@handle.
const AT_HANDLE_PLATFORMS: ReadonlySet<Platform> = new Set(["tiktok", "youtube", "threads"]);

/**
 * A value without an http prefix becomes {platform}.com/{value}. A leading @ is dropped
 * (and put back where the site's own URLs use it); a website value is already an address.
 */
export function platformUrl(platform: Platform, rawValue: string): string {
  const value = rawValue.trim();
  if (/^https?:\/\//i.test(value) || platform === "website") return value;
  const handle = value.replace(/^@/, "");
  return `${platform}.com/${AT_HANDLE_PLATFORMS.has(platform) ? "@" : ""}${handle}`;
}

export function platformHandle(rawValue: string): string | null {
  const value = rawValue.trim();
  return /^https?:\/\//i.test(value) ? null : value.replace(/^@/, "") || null;
}
