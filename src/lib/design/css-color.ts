import { NAMED_COLORS } from "./named-colors";

/**
 * A parser for the CSS colour syntax creators may type (CSS Color 4): #rgb, #rgba, #rrggbb,
 * #rrggbbaa, rgb()/rgba() and hsl()/hsla() in the legacy comma and the modern space syntax, and
 * the named colours. It returns the colour re-written from its parsed parts, so nothing but a
 * colour can ever reach a style attribute; null when the text is not exactly one colour.
 */

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?/;
const ANGLE_UNITS = new Set(["deg", "grad", "rad", "turn"]);

type Kind = "number" | "percentage" | "angle" | "none";
interface Component {
  text: string;
  kind: Kind;
}

function component(token: string): Component | null {
  if (token === "none") return { text: token, kind: "none" };
  const number = NUMBER.exec(token);
  if (!number) return null;
  const unit = token.slice(number[0].length);
  if (!Number.isFinite(Number(number[0]))) return null;
  if (unit === "") return { text: token, kind: "number" };
  if (unit === "%") return { text: token, kind: "percentage" };
  return ANGLE_UNITS.has(unit) ? { text: token, kind: "angle" } : null;
}

function components(tokens: string[]): Component[] | null {
  const parsed = tokens.map(component);
  return parsed.every((part): part is Component => part !== null) ? parsed : null;
}

/** The channels and alpha of the arguments, with the syntax they were written in. */
function splitArguments(inner: string): { channels: Component[]; alpha: Component | null; legacy: boolean } | null {
  const text = inner.trim();
  if (text.includes(",")) {
    const parts = text.split(",").map((part) => part.trim());
    if (parts.length < 3 || parts.length > 4 || parts.some((part) => !part || /\s/.test(part))) return null;
    const parsed = components(parts);
    if (!parsed || parsed.some((part) => part.kind === "none")) return null;
    return { channels: parsed.slice(0, 3), alpha: parsed[3] ?? null, legacy: true };
  }
  const [main = "", alphaText, ...rest] = text.split("/");
  if (rest.length > 0) return null;
  const channels = components(main.trim().split(/\s+/).filter(Boolean));
  if (!channels || channels.length !== 3) return null;
  if (alphaText === undefined) return { channels, alpha: null, legacy: false };
  const alphaTokens = alphaText.trim().split(/\s+/).filter(Boolean);
  const alpha = alphaTokens.length === 1 ? component(alphaTokens[0]!) : null;
  return alpha ? { channels, alpha, legacy: false } : null;
}

const isAlpha = (part: Component | null, legacy: boolean) =>
  part === null || part.kind === "number" || part.kind === "percentage" || (!legacy && part.kind === "none");

function validChannels(name: string, channels: Component[], legacy: boolean): boolean {
  const kinds = channels.map((part) => part.kind);
  if (name.startsWith("rgb")) {
    if (kinds.includes("angle")) return false;
    // Legacy rgb() takes three numbers or three percentages, never a mix.
    return !legacy || kinds.every((kind) => kind === kinds[0]);
  }
  const [hue, saturation, lightness] = kinds;
  if (hue === "percentage") return false;
  if (saturation === "angle" || lightness === "angle") return false;
  return !legacy || (saturation === "percentage" && lightness === "percentage");
}

export function parseCssColor(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (HEX.test(text) || NAMED_COLORS.has(text)) return text;
  const call = FUNCTION.exec(text);
  if (!call) return null;
  const name = call[1]!;
  const args = splitArguments(call[2]!);
  if (!args || !isAlpha(args.alpha, args.legacy) || !validChannels(name, args.channels, args.legacy)) return null;
  const channels = args.channels.map((part) => part.text);
  if (args.legacy) return `${name}(${[...channels, ...(args.alpha ? [args.alpha.text] : [])].join(", ")})`;
  return `${name}(${channels.join(" ")}${args.alpha ? ` / ${args.alpha.text}` : ""})`;
}

export const CSS_COLOR_MESSAGE = "Enter a colour such as #6366f1, rgb(99 102 241), hsl(239 84% 67%) or a colour name";
