import { z } from "zod";
import { CSS_COLOR_MESSAGE, parseCssColor } from "@/lib/design/css-color";
import { ANIMATION_SPEEDS, DESIGN_OPTIONS, FONT_SIZES, LINK_SPACINGS } from "@/lib/design/options";
import { youtubeVideoId } from "./video-sites";

export * from "./video-sites";

const nullableText = z.string().nullable();
const oneOf = (values: readonly string[]) => z.string().meta({ description: `One of: ${values.join(", ")}.` });

const askBeforeOpeningLinks = z
  .boolean()
  .meta({ description: "Visitors confirm before a link opens (default true); links marked 18+ ask for age confirmation either way." });

/** A design as stored: always complete, enumerations already normalised. */
export const designData = z.object({
  wallpaper_type: oneOf(DESIGN_OPTIONS.wallpaper_type),
  background_color: z.string(),
  gradient_start: z.string(),
  gradient_end: z.string(),
  gradient_angle: z.number(),
  pattern_type: oneOf(DESIGN_OPTIONS.pattern_type),
  pattern_color: z.string(),
  pattern_opacity: z.number(),
  pattern_size: z.number(),
  pattern_spacing: z.number(),
  background_image_url: nullableText,
  background_blur: z.number(),
  button_style: oneOf(DESIGN_OPTIONS.button_style),
  button_variant: oneOf(DESIGN_OPTIONS.button_variant),
  button_color: z.string(),
  button_text_color: z.string(),
  font_family: z.string(),
  font_size: z.number().meta({ description: "Pixels: 14, 16, 18 or 20." }),
  text_color: z.string(),
  link_spacing: z.number().meta({ description: "Pixels: 8, 12, 16 or 20." }),
  animation_type: oneOf(DESIGN_OPTIONS.animation_type),
  animation_speed: z.number().meta({ description: "Seconds: 0.5, 0.3 or 0.2." }),
  hover_effect: oneOf(DESIGN_OPTIONS.hover_effect),
  click_animation: z.boolean(),
  youtube_url: nullableText,
  background_music_url: nullableText,
  music_autoplay: z.boolean(),
  music_volume: z.number(),
  hide_footer: z.boolean(),
  ask_before_opening_links: askBeforeOpeningLinks,
});
/** What the renderer, the editor and the API read. */
export type DesignData = z.infer<typeof designData>;

/** Stored as re-written by the parser, so only a colour ever reaches a style attribute. */
const color = z
  .string()
  .max(64, "Colour must be at most 64 characters")
  .transform((value, context) => parseCssColor(value) ?? (context.addIssue({ code: "custom", message: CSS_COLOR_MESSAGE }), z.NEVER))
  .meta({
    description: "A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() (comma or space syntax) or a colour name.",
  });
const choice = z.string().trim().max(32);
const upload = z.string().max(14_000_000, "File is too large").nullable();

const youtubeUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === "" || youtubeVideoId(value) !== null, "Enter a YouTube video link")
  .nullable();

/** Editor names or stored numbers for the three mapped settings (docs/product/editor.md#save-mappings). */
const mapped = <T extends Record<string, number>>(names: T) =>
  z.union([z.number(), z.enum(Object.keys(names) as [string, ...string[]]).transform((name) => names[name]!)]);

/**
 * The design payload (PUT /profiles/design/) by wire name, field for field those of
 * `designData` (the compiler checks it). Any subset may be sent;
 * enumerations are free text here and normalised on save, so unknown values fall back to defaults.
 */
export const designInput = z
  .strictObject({
    wallpaper_type: choice,
    background_color: color,
    gradient_start: color,
    gradient_end: color,
    gradient_angle: z.number(),
    pattern_type: choice,
    pattern_color: color,
    pattern_opacity: z.number(),
    pattern_size: z.number(),
    pattern_spacing: z.number(),
    background_image_url: upload,
    background_blur: z.number(),
    button_style: choice,
    button_variant: choice,
    button_color: color,
    button_text_color: color,
    font_family: choice,
    font_size: mapped(FONT_SIZES),
    text_color: color,
    link_spacing: mapped(LINK_SPACINGS),
    animation_type: choice,
    animation_speed: mapped(ANIMATION_SPEEDS),
    hover_effect: choice,
    click_animation: z.boolean(),
    youtube_url: youtubeUrl,
    background_music_url: upload,
    music_autoplay: z.boolean(),
    music_volume: z.number(),
    hide_footer: z.boolean(),
    ask_before_opening_links: askBeforeOpeningLinks,
  } satisfies Record<keyof DesignData, z.ZodType>)
  .partial();
export type DesignInput = z.input<typeof designInput>;
