import type { LinkType } from "@/lib/schemas/link";

/** A design as the renderer reads it: the spec's wire names, values already normalised. */
export interface DesignData {
  wallpaper_type: string;
  background_color: string;
  gradient_start: string;
  gradient_end: string;
  gradient_angle: number;
  pattern_type: string;
  pattern_color: string;
  pattern_opacity: number;
  pattern_size: number;
  pattern_spacing: number;
  background_image_url: string | null;
  background_blur: number;
  button_style: string;
  button_variant: string;
  button_color: string;
  button_text_color: string;
  font_family: string;
  font_size: number;
  text_color: string;
  link_spacing: number;
  animation_type: string;
  animation_speed: number;
  hover_effect: string;
  click_animation: boolean;
  youtube_url: string | null;
  background_music_url: string | null;
  music_autoplay: boolean;
  music_volume: number;
  hide_footer: boolean;
}

export interface PublicLink {
  id: string;
  title: string;
  /** Final address, UTM parameters already appended. */
  href: string;
  link_type: LinkType;
  is_adult: boolean;
  icon_url: string | null;
  thumbnail: string | null;
  username: string | null;
  /** All-time clicks, shown when the creator turned on Show Click Statistics; else null. */
  clicks: number | null;
}

/** Everything the page renderer needs: one shape for the public page and the editor's preview. */
export interface PublicProfileData {
  slug: string;
  display_name: string;
  title: string;
  bio: string;
  avatar_url: string | null;
  show_branding: boolean;
  links: PublicLink[];
  design: DesignData;
}
