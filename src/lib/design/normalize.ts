import { renderableAudioUrl, renderableImageUrl } from "@/lib/asset-url";
import type { DesignData } from "@/lib/public-profile";
import { youtubeVideoId } from "@/lib/schemas/video-sites";
import { parseCssColor } from "./css-color";
import { pickOption } from "./options";

export const DESIGN_DEFAULTS: DesignData = {
  wallpaper_type: "none",
  background_color: "#ffffff",
  gradient_start: "#667eea",
  gradient_end: "#764ba2",
  gradient_angle: 135,
  pattern_type: "dots",
  pattern_color: "#000000",
  pattern_opacity: 0.1,
  pattern_size: 20,
  pattern_spacing: 30,
  background_image_url: null,
  background_blur: 0,
  button_style: "rounded",
  button_variant: "solid",
  button_color: "#6366f1",
  button_text_color: "#ffffff",
  font_family: "Inter",
  font_size: 16,
  text_color: "#111827",
  link_spacing: 12,
  animation_type: "none",
  animation_speed: 0.3,
  hover_effect: "none",
  click_animation: false,
  youtube_url: null,
  background_music_url: null,
  music_autoplay: false,
  music_volume: 50,
  hide_footer: false,
  ask_before_opening_links: true,
};

function numberIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** A stored colour that is not one (older data, a direct write) renders as the default. */
function color(value: unknown, fallback: string): string {
  return (typeof value === "string" && parseCssColor(value)) || fallback;
}

const youtube = (value: unknown) => (typeof value === "string" && youtubeVideoId(value) ? value : null);
const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Any stored design, however old or odd, to values the renderer can use as they are: colours
 * that parse, own images and audio (or data URLs, the editor's unsaved uploads), options from
 * their lists and numbers in range; anything else is the default.
 */
export function normalizeDesign(stored: Partial<Record<keyof DesignData, unknown>> | null | undefined): DesignData {
  const d = stored ?? {};
  const animation_type = pickOption("animation_type", d.animation_type);
  return {
    wallpaper_type: pickOption("wallpaper_type", d.wallpaper_type),
    background_color: color(d.background_color, DESIGN_DEFAULTS.background_color),
    gradient_start: color(d.gradient_start, DESIGN_DEFAULTS.gradient_start),
    gradient_end: color(d.gradient_end, DESIGN_DEFAULTS.gradient_end),
    gradient_angle: numberIn(d.gradient_angle, 0, 360, 135),
    pattern_type: pickOption("pattern_type", d.pattern_type),
    pattern_color: color(d.pattern_color, DESIGN_DEFAULTS.pattern_color),
    pattern_opacity: numberIn(d.pattern_opacity, 0, 1, 0.1),
    pattern_size: numberIn(d.pattern_size, 5, 50, 20),
    pattern_spacing: numberIn(d.pattern_spacing, 10, 100, 30),
    background_image_url: renderableImageUrl(text(d.background_image_url)),
    background_blur: numberIn(d.background_blur, 0, 20, 0),
    button_style: pickOption("button_style", d.button_style),
    button_variant: pickOption("button_variant", d.button_variant),
    button_color: color(d.button_color, DESIGN_DEFAULTS.button_color),
    button_text_color: color(d.button_text_color, DESIGN_DEFAULTS.button_text_color),
    font_family: pickOption("font_family", d.font_family),
    font_size: numberIn(d.font_size, 12, 24, 16),
    text_color: color(d.text_color, DESIGN_DEFAULTS.text_color),
    link_spacing: numberIn(d.link_spacing, 0, 40, 12),
    animation_type,
    // 0.3 s by default, 0.5 s for bounce.
    animation_speed: numberIn(d.animation_speed, 0.1, 2, animation_type === "bounce" ? 0.5 : 0.3),
    hover_effect: pickOption("hover_effect", d.hover_effect),
    click_animation: d.click_animation === true,
    youtube_url: youtube(d.youtube_url),
    background_music_url: renderableAudioUrl(text(d.background_music_url)),
    music_autoplay: d.music_autoplay === true,
    music_volume: numberIn(d.music_volume, 0, 100, 50),
    hide_footer: d.hide_footer === true,
    ask_before_opening_links: d.ask_before_opening_links !== false,
  };
}
