import { composite, rgbaOf, toHex, WHITE, type Rgba } from "@/lib/design/color-values";
import { AA_CONTRAST, contrastRatio, luminance } from "@/lib/design/contrast";

export const STANDARD_QR_COLORS = { dark: "#000000", light: "#ffffff" } as const;

/** The opaque colour a CSS colour shows over white, or null when it is not a colour. */
function opaque(color: string): Rgba | null {
  const rgba = rgbaOf(color);
  return rgba ? composite(rgba, WHITE) : null;
}

/** A colour as opaque hex, which every renderer draws; the fallback for what is not a colour. */
export function opaqueHex(color: string, fallback: string): string {
  const rgba = opaque(color);
  return rgba ? toHex(rgba) : fallback;
}

/**
 * The page's text colour as the dark modules and its background as the light ground, when the
 * text is the darker of the two and they contrast enough to scan (AA for text); else black on white.
 */
export function scannableColors(text: string, background: string): { dark: string; light: string } {
  const dark = opaque(text);
  const light = opaque(background);
  if (!dark || !light || luminance(dark) >= luminance(light) || contrastRatio(dark, light) < AA_CONTRAST) return { ...STANDARD_QR_COLORS };
  return { dark: toHex(dark), light: toHex(light) };
}
