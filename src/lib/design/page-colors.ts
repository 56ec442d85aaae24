import type { DesignData } from "@/lib/public-profile";
import { TEMPLATE_NAMES } from "@/lib/schemas/template-names";
import { composite, rgbaOf, toHex, WHITE, type Rgba } from "./color-values";
import { AA_CONTRAST, nearestReadable, overlay, sampleBetween, scrimFor, worstContrast, type Backdrop } from "./contrast";
import { DESIGN_DEFAULTS } from "./normalize";
import { TEMPLATES } from "./templates";
import { painted, wallpaperBackdrop } from "./wallpaper-backdrop";

/** The colours the page is drawn with, each readable against what lies behind it. */
export interface PageColors {
  /** Name, bio, headers and footer, over the wallpaper. */
  text: string;
  /** Button fill; for outline and neon buttons their border and text, over the wallpaper. */
  button: string;
  /** Text and glyphs on filled buttons and social discs. */
  buttonText: string;
  /** Second stop of gradient buttons. */
  buttonEnd: string;
  /** The avatar's initial on its disc. */
  avatarText: string;
  /** A layer over the wallpaper that keeps text readable on it (always for images), or null. */
  scrim: string | null;
  /** The solid colour under the wallpaper (seen while an image loads, and by tools that skip fixed layers). */
  base: string;
  /**
   * The edge of filled buttons and social discs where their fill would blend into the wallpaper
   * (white glassy buttons on white): a colour at 3:1 or better against it (WCAG 1.4.11), else null.
   */
  buttonEdge: string | null;
}

export type ContrastField = "text_color" | "button_color" | "button_text_color";

/** A creator's own colour below AA: how far below, against what, and the nearest colour that reads. */
export interface LowContrast {
  ratio: number;
  against: "background" | "button";
  fix: string;
}

export interface ColorReport {
  colors: PageColors;
  /** The creator's own colours below AA (the page keeps them; the editor says so). */
  low: Partial<Record<ContrastField, LowContrast>>;
  /** Template colours the page replaces on this background, and what it shows instead. */
  adjusted: Partial<Record<ContrastField, string>>;
}

/** Automatic text colours, in order of preference; pure black reads on mid-tones where the softer dark ink does not. */
const INKS = [DESIGN_DEFAULTS.text_color, "#ffffff", "#000000"];
/** Buttons without a fill: their colour is their text, straight on the wallpaper. */
const OUTLINED_VARIANTS = new Set(["outline", "neon"]);
/** A component's boundary against what surrounds it (WCAG 1.4.11, non-text contrast). */
export const NON_TEXT_CONTRAST = 3;
/** Glassy buttons lay their colour over the wallpaper at this strength (profile-page.css). */
const GLASS_STRENGTH = 0.6;
/** The avatar's disc mixes this much of the button colour into white (profile-page.css). */
const AVATAR_STRENGTH = 0.85;

const TEMPLATE_PALETTES = [DESIGN_DEFAULTS, ...TEMPLATE_NAMES.map((name) => ({ ...DESIGN_DEFAULTS, ...TEMPLATES[name] }))];

/**
 * The design has no record of who chose a colour, so a colour counts as automatic (it follows the
 * background) while it and the button colour are exactly as the defaults or one template set them;
 * a colour the creator changed, or one beside a button colour they changed, is theirs.
 */
function followsBackground(design: DesignData, field: ContrastField): boolean {
  return TEMPLATE_PALETTES.some(
    (palette) =>
      palette.button_color === design.button_color &&
      (field === "text_color" ? palette.text_color === design.text_color : palette.button_text_color === design.button_text_color),
  );
}

const colorOf = (text: string): Rgba => rgbaOf(text) ?? WHITE;
const rounded = (ratio: number) => Math.floor(ratio * 10) / 10;

/** The colour among `candidates` that reads best on the backdrop, the first one winning ties. */
function mostReadable(candidates: string[], backdrop: Backdrop): string {
  const scored = candidates.map((candidate) => ({ candidate, score: Math.min(worstContrast(colorOf(candidate), backdrop), AA_CONTRAST) }));
  return scored.reduce((best, next) => (next.score > best.score ? next : best)).candidate;
}

function scrimCss({ r, a }: Rgba): string {
  return `rgb(${r} ${r} ${r} / ${a})`;
}

function fillBackdrop(design: DesignData, button: string, wall: Backdrop): Backdrop {
  const fill = colorOf(button);
  switch (design.button_variant) {
    case "glassy":
      return overlay(wall, { ...fill, a: fill.a * GLASS_STRENGTH });
    case "gradient": {
      const end = colorOf(design.gradient_end);
      return wall.flatMap((behind) => sampleBetween(composite(fill, behind), composite(end, behind), 6));
    }
    default:
      return overlay(wall, fill);
  }
}

/** How well the button's fill stands out from the wallpaper right behind it, at the worst spot. */
function fillStandsOut(design: DesignData, button: string, wall: Backdrop): number {
  return Math.min(...wall.map((behind) => worstContrast(behind, fillBackdrop(design, button, [behind]))));
}

/** An edge for filled buttons whose fill blends into the wallpaper: the readable colour that stands out most from it. */
function buttonEdgeFor(design: DesignData, button: string, buttonText: string, wall: Backdrop): string | null {
  if (OUTLINED_VARIANTS.has(design.button_variant) || fillStandsOut(design, button, wall) >= NON_TEXT_CONTRAST) return null;
  return mostReadable([buttonText, ...INKS], wall);
}

function baseColor(design: DesignData, scrim: Rgba | null): string {
  const first = design.wallpaper_type === "gradient" ? design.gradient_start : design.background_color;
  return scrim ? toHex(composite(scrim, painted(first))) : first;
}

export function readableColors(design: DesignData): ColorReport {
  const automaticText = followsBackground(design, "text_color");
  const automaticButtons = followsBackground(design, "button_text_color");
  const low: ColorReport["low"] = {};
  const adjusted: ColorReport["adjusted"] = {};
  const raw = wallpaperBackdrop(design);

  // Text over the wallpaper; an image (or a wallpaper no text colour reads on) gets a scrim.
  let text = design.text_color;
  if (automaticText && design.wallpaper_type !== "image") text = mostReadable([design.text_color, ...INKS], raw);
  const scrim = design.wallpaper_type === "image" || automaticText ? scrimFor(colorOf(text), raw) : null;
  const wall = scrim ? overlay(raw, scrim) : raw;
  if (text !== design.text_color) adjusted.text_color = text;
  const textRatio = worstContrast(colorOf(text), wall);
  if (!automaticText && textRatio < AA_CONTRAST)
    low.text_color = { ratio: rounded(textRatio), against: "background", fix: nearestReadable(colorOf(text), wall) };

  let button = design.button_color;
  let buttonText = design.button_text_color;
  let buttonEnd = design.gradient_end;
  if (OUTLINED_VARIANTS.has(design.button_variant)) {
    // Outline and neon buttons, and the social icons that wear them, are text straight on the
    // wallpaper with nothing else to read by: the page always shows the nearest colour that reads,
    // the creator's own choice too, and Design says so (adjusted).
    if (worstContrast(colorOf(button), wall) < AA_CONTRAST) button = adjusted.button_color = nearestReadable(colorOf(button), wall);
  } else {
    let fill = fillBackdrop(design, button, wall);
    const ratio = worstContrast(colorOf(buttonText), fill);
    if (ratio < AA_CONTRAST && automaticButtons) {
      buttonText = mostReadable(INKS, fill);
      if (worstContrast(colorOf(buttonText), fill) < AA_CONTRAST && design.button_variant === "gradient") {
        // No ink reads across the whole gradient: keep the start and bring the end towards the text.
        buttonText = mostReadable(INKS, fillBackdrop({ ...design, gradient_end: design.button_color }, button, wall));
        buttonEnd = nearestReadable(colorOf(design.gradient_end), [painted(buttonText)]);
        fill = fillBackdrop({ ...design, gradient_end: buttonEnd }, button, wall);
      }
      adjusted.button_text_color = buttonText;
    } else if (ratio < AA_CONTRAST) {
      low.button_text_color = { ratio: rounded(ratio), against: "button", fix: nearestReadable(colorOf(buttonText), fill) };
    }
  }

  const avatarDisc = [composite({ ...colorOf(button), a: colorOf(button).a * AVATAR_STRENGTH }, WHITE)];
  const avatarText = mostReadable([buttonText, ...INKS], avatarDisc);
  return {
    colors: {
      text,
      button,
      buttonText,
      buttonEnd,
      avatarText,
      scrim: scrim ? scrimCss(scrim) : null,
      base: baseColor(design, scrim),
      buttonEdge: buttonEdgeFor({ ...design, gradient_end: buttonEnd }, button, buttonText, wall),
    },
    low,
    adjusted,
  };
}
