import { createHash } from "node:crypto";
import { renderableImageUrl } from "@/lib/asset-url";
import type { PublicProfileData } from "@/lib/public-profile";
import { readableColors } from "@/lib/design/page-colors";
import { pagePath } from "@/lib/share/page-path";
import { opaqueHex } from "@/lib/share/scan-colors";

/** The app's own icon (src/app/icon.svg), for pages that belong to no creator. */
export const APP_ICON = "/icon.svg";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** The creator's avatar, else their initial in the page's colours as an inline SVG (CSP allows data: images). */
export function pageIcon(profile: PublicProfileData): string {
  const avatar = renderableImageUrl(profile.avatar_url);
  if (avatar) return avatar;
  const initial = [...(profile.display_name || profile.title || profile.slug).trim()][0]?.toUpperCase() ?? "?";
  const { colors } = readableColors(profile.design);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${opaqueHex(colors.base, "#ffffff")}"/>` +
    `<text x="32" y="44" font-family="system-ui,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${opaqueHex(colors.text, "#111827")}">` +
    `${initial.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The absolute URL of the page's share image; `v` changes with what the image shows, so sites that
 * cache images by URL fetch the new one after an edit.
 */
export function shareImageUrl(profile: PublicProfileData, origin: string, ownDomain = false): string {
  const { display_name, title, bio, avatar_url, slug, design } = profile;
  const shown = [
    display_name,
    title,
    bio,
    avatar_url,
    slug,
    design.wallpaper_type,
    design.background_color,
    design.gradient_start,
    design.gradient_end,
    design.gradient_angle,
    design.text_color,
    design.font_family,
  ];
  const version = createHash("sha1").update(JSON.stringify(shown)).digest("base64url").slice(0, 10);
  return `${origin}${ownDomain ? "" : pagePath(slug)}/og.png?v=${version}`;
}
