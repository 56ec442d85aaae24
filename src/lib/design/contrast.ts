import { BLACK, composite, interpolate, toHex, WHITE, type Rgba } from "./color-values";

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
/** What the page aims for when it picks a colour itself: a little above AA, so browser rounding cannot drop below it. */
export const PICKED_CONTRAST = 4.6;

/**
 * What lies behind a piece of text: the opaque colours it may meet (a gradient's or a pattern's
 * colours sampled densely, an unknown image as the whole range from black to white).
 */
export type Backdrop = readonly Rgba[];

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The worst contrast of a (possibly translucent) colour over every colour of the backdrop. */
export function worstContrast(color: Rgba, backdrop: Backdrop): number {
  return Math.min(...backdrop.map((behind) => contrastRatio(composite(color, behind), behind)));
}

/** `steps` + 1 evenly spaced colours from `from` to `to`, both ends included. */
export function sampleBetween(from: Rgba, to: Rgba, steps = 10): Rgba[] {
  return Array.from({ length: steps + 1 }, (_, index) => interpolate(from, to, index / steps));
}

/** A layer painted over the whole backdrop. */
export function overlay(backdrop: Backdrop, layer: Rgba): Rgba[] {
  return backdrop.map((behind) => composite(layer, behind));
}

function hsl({ r, g, b }: Rgba): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue = max === red ? ((green - blue) / delta) % 6 : max === green ? (blue - red) / delta + 2 : (red - green) / delta + 4;
  return [hue * 60, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgba {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((((hue / 60) % 2) + 2) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor((((hue % 360) + 360) % 360) / 60);
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector]!;
  return { r: (r! + m) * 255, g: (g! + m) * 255, b: (b! + m) * 255, a: 1 };
}

/** The smallest lightness step from `color` towards black or white that reaches `target`, if any. */
function stepTowards(color: Rgba, backdrop: Backdrop, target: number, end: 0 | 1): { color: string; distance: number } | null {
  const [hue, saturation, lightness] = hsl(color);
  const at = (value: number) => toHex(fromHsl(hue, saturation, value));
  const passes = (value: number) => worstContrast(hexRgba(at(value)), backdrop) >= target;
  if (!passes(end)) return null;
  let [near, far] = [lightness, end as number];
  for (let i = 0; i < 24; i++) {
    const middle = (near + far) / 2;
    if (passes(middle)) far = middle;
    else near = middle;
  }
  return { color: at(far), distance: Math.abs(far - lightness) };
}

function hexRgba(hex: string): Rgba {
  return { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16), a: 1 };
}

/**
 * The readable colour closest to `color`: same hue and saturation, lighter or darker (whichever
 * needs the smaller change) until it reaches `target` over the whole backdrop. When no lightness
 * does, the better of black and white.
 */
export function nearestReadable(color: Rgba, backdrop: Backdrop, target = PICKED_CONTRAST): string {
  const opaque = composite(color, WHITE);
  const options = [stepTowards(opaque, backdrop, target, 0), stepTowards(opaque, backdrop, target, 1)].filter((option) => option !== null);
  if (options.length > 0) return options.sort((a, b) => a.distance - b.distance)[0]!.color;
  return worstContrast(BLACK, backdrop) >= worstContrast(WHITE, backdrop) ? "#000000" : "#ffffff";
}

/**
 * The lightest layer of black (for light text) or white (for dark text) over the backdrop that
 * lets `text` reach `target`; null when the text reads without one.
 */
export function scrimFor(text: Rgba, backdrop: Backdrop, target = PICKED_CONTRAST): Rgba | null {
  if (worstContrast(text, backdrop) >= target) return null;
  const base = contrastRatio(composite(text, BLACK), BLACK) >= contrastRatio(composite(text, WHITE), WHITE) ? BLACK : WHITE;
  const layer = (alpha: number): Rgba => ({ ...base, a: alpha });
  let [low, high] = [0, 1];
  for (let i = 0; i < 20; i++) {
    const middle = (low + high) / 2;
    if (worstContrast(text, overlay(backdrop, layer(middle))) >= target) high = middle;
    else low = middle;
  }
  return layer(Math.min(1, Math.ceil(high * 100) / 100));
}
