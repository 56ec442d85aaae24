import type { PublicProfileData } from "@/lib/public-profile";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";

export type DraftFields = Pick<PublicProfileData, "slug"> & Partial<Pick<PublicProfileData, "display_name" | "bio" | "avatar_url">>;

/** A page that does not exist yet, drawn with the default design so the preview has something to show. */
export function draftProfile({ slug, display_name = "", bio = "", avatar_url = null }: DraftFields): PublicProfileData {
  return { slug, display_name, title: "", bio, avatar_url, show_branding: true, links: [], design: DESIGN_DEFAULTS };
}
