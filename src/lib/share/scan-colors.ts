import { parseCssColor } from "@/lib/design/css-color";

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** QR scanners need dark modules on a light ground with at least this contrast (WCAG's AA for text). */
export const MIN_SCAN_CONTRAST = 4.5;
export const STANDARD_QR_COLORS = { dark: "#000000", light: "#ffffff" } as const;

const NAMED: Record<string, Rgb> = { black: { r: 0, g: 0, b: 0 }, white: { r: 255, g: 255, b: 255 } };
const clamp = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

function channel(text: string, scale: number): number {
  if (text === "none") return 0;
  return text.endsWith("%") ? (Number(text.slice(0, -1)) / 100) * scale : Number(text);
}

function hue(text: string): number {
  if (text === "none") return 0;
  const number = parseFloat(text);
  if (text.endsWith("grad")) return number * 0.9;
  if (text.endsWith("rad")) return (number * 180) / Math.PI;
  if (text.endsWith("turn")) return number * 360;
  return number;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: clamp(f(0) * 255), g: clamp(f(8) * 255), b: clamp(f(4) * 255) };
}

/**
 * The opaque colour a CSS colour shows over white (alpha blended), or null for what this small
 * reader does not know (most named colours): callers then keep their standard colours.
 */
export function toRgb(input: string): Rgb | null {
  const color = parseCssColor(input);
  if (!color) return null;
  let rgb: Rgb | null = NAMED[color] ?? null;
  let alpha = 1;
  if (color.startsWith("#")) {
    const digits = color.length <= 5 ? [...color.slice(1)].map((d) => d + d).join("") : color.slice(1);
    rgb = { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
    if (digits.length === 8) alpha = parseInt(digits.slice(6, 8), 16) / 255;
  }
  const call = /^(rgba?|hsla?)\((.*)\)$/.exec(color);
  if (call) {
    const [main = "", alphaText] = call[2]!.includes(",") ? [call[2]!.split(",").slice(0, 3).join(" "), call[2]!.split(",")[3]] : call[2]!.split("/");
    const parts = main.trim().split(/[\s,]+/);
    rgb = call[1]!.startsWith("rgb")
      ? { r: clamp(channel(parts[0]!, 255)), g: clamp(channel(parts[1]!, 255)), b: clamp(channel(parts[2]!, 255)) }
      : hslToRgb(((hue(parts[0]!) % 360) + 360) % 360, channel(parts[1]!, 100) / 100, channel(parts[2]!, 100) / 100);
    if (alphaText !== undefined) alpha = Math.min(1, Math.max(0, channel(alphaText.trim(), 1)));
  }
  if (!rgb) return null;
  const over = (value: number) => clamp(value * alpha + 255 * (1 - alpha));
  return { r: over(rgb.r), g: over(rgb.g), b: over(rgb.b) };
}

function luminance({ r, g, b }: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const hexOf = ({ r, g, b }: Rgb) => `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;

/**
 * The page's text colour as the dark modules and its background as the light ground, when the
 * text is the darker of the two and they contrast enough to scan; else black on white.
 */
export function scannableColors(text: string, background: string): { dark: string; light: string } {
  const dark = toRgb(text);
  const light = toRgb(background);
  if (!dark || !light || luminance(dark) >= luminance(light) || contrastRatio(dark, light) < MIN_SCAN_CONTRAST) return { ...STANDARD_QR_COLORS };
  return { dark: hexOf(dark), light: hexOf(light) };
}
