import { FONT_STACKS } from "./fonts";

/**
 * Every value the editor offers or the save-time set allows (docs/product/editor.md#choices):
 * the union is stored and rendered; anything else falls back to the first value, the default.
 */
export const DESIGN_OPTIONS = {
  wallpaper_type: ["none", "gradient", "pattern", "image"],
  pattern_type: ["dots", "lines", "waves", "hexagon", "grid", "circles"],
  button_style: ["rounded", "square", "pill", "blob", "skewed", "sharp"],
  button_variant: ["solid", "outline", "glassy", "gradient", "neon", "shadow"],
  animation_type: ["none", "fade", "slide", "bounce", "zoom", "scale", "rotate"],
  hover_effect: ["none", "scale", "rotate", "glow", "shadow", "lift", "shake", "pulse"],
  font_family: Object.keys(FONT_STACKS),
} as const;

/** Editor names to stored pixels and seconds (docs/product/editor.md#save-mappings). */
export const FONT_SIZES = { small: 14, medium: 16, large: 18, xlarge: 20 } as const;
export const LINK_SPACINGS = { compact: 8, normal: 12, relaxed: 16, spacious: 20 } as const;
export const ANIMATION_SPEEDS = { slow: 0.5, normal: 0.3, fast: 0.2 } as const;

export function pickOption<K extends keyof typeof DESIGN_OPTIONS>(field: K, value: unknown): (typeof DESIGN_OPTIONS)[K][number] {
  const options = DESIGN_OPTIONS[field] as readonly string[];
  return (typeof value === "string" && options.includes(value) ? value : options[0]) as (typeof DESIGN_OPTIONS)[K][number];
}
