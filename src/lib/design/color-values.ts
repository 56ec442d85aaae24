import { parseCssColor } from "./css-color";
import { NAMED_COLOR_VALUES } from "./named-colors";

/** An sRGB colour: channels 0-255 (fractions allowed), alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function fromHex(hex: string): Rgba {
  const digits = hex.length <= 5 ? [...hex.slice(1)].map((digit) => digit + digit) : hex.slice(1).match(/../g)!;
  const [r, g, b, a] = digits.map((pair) => parseInt(pair, 16));
  return { r: r!, g: g!, b: b!, a: a === undefined ? 1 : a / 255 };
}

/** One argument of rgb()/hsl(): `none` is zero; a percentage scales to `percentOf`. */
function amount(token: string, percentOf: number): number {
  if (token === "none") return 0;
  return token.endsWith("%") ? (parseFloat(token) / 100) * percentOf : parseFloat(token);
}

const TURN_UNITS: Record<string, number> = { deg: 360, grad: 400, rad: 2 * Math.PI, turn: 1 };

function hueDegrees(token: string): number {
  if (token === "none") return 0;
  const unit = /[a-z]+$/.exec(token)?.[0];
  const value = parseFloat(token);
  return unit ? (value / TURN_UNITS[unit]!) * 360 : value;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp(saturation, 0, 1);
  const l = clamp(lightness, 0, 1);
  const channel = (offset: number) => {
    const k = (offset + h * 12) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0) * 255, channel(8) * 255, channel(4) * 255];
}

/** The sRGB value of any colour the design accepts (see css-color.ts), or null when it is not one. */
export function rgbaOf(color: string): Rgba | null {
  const text = parseCssColor(color);
  if (!text) return null;
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  if (text.startsWith("#")) return fromHex(text);
  const named = NAMED_COLOR_VALUES[text];
  if (named) return fromHex(named);
  const [, name, inner] = /^(\w+)\((.*)\)$/.exec(text)!;
  const [channelText, alphaText] = inner!.includes(",")
    ? [inner!.split(",").slice(0, 3).join(" "), inner!.split(",")[3]]
    : inner!.split("/");
  const parts = channelText.trim().split(/[\s,]+/);
  const a = alphaText === undefined ? 1 : clamp(amount(alphaText.trim(), 1), 0, 1);
  if (name!.startsWith("rgb")) {
    const [r, g, b] = parts.map((part) => clamp(amount(part, 255), 0, 255));
    return { r: r!, g: g!, b: b!, a };
  }
  const [r, g, b] = hslToRgb(hueDegrees(parts[0]!), amount(parts[1]!, 100) / 100, amount(parts[2]!, 100) / 100);
  return { r, g, b, a };
}

/** `top` painted over an opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.a + back * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** The colour `weight` of the way from `from` to `to` (both opaque). */
export function interpolate(from: Rgba, to: Rgba, weight: number): Rgba {
  const mix = (a: number, b: number) => a + (b - a) * weight;
  return { r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b), a: 1 };
}

export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(clamp(channel, 0, 255))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
