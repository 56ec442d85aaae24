import { describe, expect, it } from "vitest";
import type { DesignData } from "@/lib/public-profile";
import { TEMPLATE_NAMES } from "@/lib/schemas/templates";
import { composite, rgbaOf, WHITE } from "./color-values";
import { AA_CONTRAST, overlay, sampleBetween, worstContrast } from "./contrast";
import { DESIGN_DEFAULTS } from "./normalize";
import { DESIGN_OPTIONS } from "./options";
import { NON_TEXT_CONTRAST, readableColors } from "./page-colors";
import { TEMPLATES } from "./templates";
import { wallpaperBackdrop } from "./wallpaper-backdrop";

const color = (text: string) => rgbaOf(text)!;
const design = (changes: Partial<DesignData>): DesignData => ({ ...DESIGN_DEFAULTS, ...changes });
const IMAGE = "/api/assets/0000000000000000000000000000000000000000000000000000000000000000";

/** Worst contrast of every pair the page paints, recomputed from the resolved colours alone. */
function paintedContrasts(d: DesignData) {
  const { colors } = readableColors(d);
  const wall = colors.scrim ? overlay(wallpaperBackdrop(d), color(colors.scrim)) : wallpaperBackdrop(d);
  const button = color(colors.button);
  const fills = {
    glassy: overlay(wall, { ...button, a: 0.6 }),
    gradient: wall.flatMap((behind) => sampleBetween(composite(button, behind), composite(color(colors.buttonEnd), behind), 6)),
  } as Record<string, ReturnType<typeof overlay>>;
  const outlined = d.button_variant === "outline" || d.button_variant === "neon";
  return {
    text: worstContrast(color(colors.text), wall),
    button: outlined
      ? worstContrast(button, wall)
      : worstContrast(color(colors.buttonText), fills[d.button_variant] ?? overlay(wall, button)),
    avatar: worstContrast(color(colors.avatarText), [composite({ ...button, a: 0.85 }, WHITE)]),
    // A button's boundary against the wallpaper: its edge where it has one, else its fill (outlined buttons: their border).
    boundary: outlined
      ? worstContrast(button, wall)
      : colors.buttonEdge
        ? worstContrast(color(colors.buttonEdge), wall)
        : Math.min(
            ...wall.map((behind) => {
              const fill =
                d.button_variant === "glassy"
                  ? [composite({ ...button, a: 0.6 }, behind)]
                  : d.button_variant === "gradient"
                    ? sampleBetween(composite(button, behind), composite(color(colors.buttonEnd), behind), 6)
                    : [composite(button, behind)];
              return worstContrast(behind, fill);
            }),
          ),
  };
}

describe("page colours", () => {
  const cases = TEMPLATE_NAMES.flatMap((template) =>
    DESIGN_OPTIONS.wallpaper_type.flatMap((wallpaper_type) =>
      DESIGN_OPTIONS.button_variant.map((button_variant) => [template, wallpaper_type, button_variant] as const),
    ),
  );

  it.each(cases)("%s on a %s wallpaper with %s buttons reads at AA everywhere", (template, wallpaper_type, button_variant) => {
    const d = design({
      ...TEMPLATES[template],
      wallpaper_type,
      button_variant,
      background_image_url: wallpaper_type === "image" ? IMAGE : null,
    });
    const contrasts = paintedContrasts(d);
    expect(contrasts.text).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrasts.button).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrasts.avatar).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(readableColors(d).low).toEqual({});
    // Images show anything from black to white behind a button: there the edge is the best any colour can do.
    if (wallpaper_type !== "image") expect(contrasts.boundary).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it("gives a template's white glassy buttons an edge on a white wallpaper, and none where the fill stands out", () => {
    for (const wallpaper_type of ["none", "pattern"] as const) {
      const edge = readableColors(design({ ...TEMPLATES.gradient, wallpaper_type })).colors.buttonEdge;
      expect(edge, wallpaper_type).not.toBeNull();
      expect(worstContrast(color(edge!), wallpaperBackdrop(design({ ...TEMPLATES.gradient, wallpaper_type })))).toBeGreaterThanOrEqual(
        NON_TEXT_CONTRAST,
      );
    }
    expect(readableColors(design({})).colors.buttonEdge).toBeNull();
  });

  it("turns a template's white text dark when its wallpaper becomes a white pattern", () => {
    const report = readableColors(design({ ...TEMPLATES.gradient, wallpaper_type: "pattern" }));
    expect(report.adjusted.text_color).toBe(DESIGN_DEFAULTS.text_color);
    expect(report.colors.text).toBe(DESIGN_DEFAULTS.text_color);
  });

  it("turns Minimal's dark text light on a purple gradient", () => {
    expect(readableColors(design({ ...TEMPLATES.minimal, wallpaper_type: "gradient" })).colors.text).toBe("#ffffff");
  });

  it("keeps a template's colours where they already read", () => {
    const report = readableColors(design({ ...TEMPLATES.neon }));
    expect(report.colors).toMatchObject({ text: "#00ff88", button: "#00ff88", scrim: null });
    expect(report.adjusted).toEqual({});
  });

  it("keeps the creator's own colour, reports it with a fix that reads, and leaves readable ones alone", () => {
    const report = readableColors(design({ text_color: "#ffffff" }));
    expect(report.colors.text).toBe("#ffffff");
    expect(report.low.text_color).toMatchObject({ ratio: 1, against: "background" });
    expect(worstContrast(color(report.low.text_color!.fix), [WHITE])).toBeGreaterThanOrEqual(AA_CONTRAST);

    const button = readableColors(design({ button_color: "#ffff00", button_text_color: "#ffffff" }));
    expect(button.low.button_text_color).toMatchObject({ against: "button" });
    expect(button.colors.buttonText).toBe("#ffffff");

    const outline = readableColors(design({ button_variant: "outline", button_color: "#eeeeee", text_color: "#222222" }));
    expect(outline.low).toEqual({});
  });

  it("shows outline and neon buttons (and their social icons) in a colour that reads on every wallpaper, the creator's own too, and says so", () => {
    const light = { background_color: "#f8fafc", pattern_color: "#cbd5e1", gradient_start: "#ffffff", gradient_end: "#e0f2fe" };
    for (const wallpaper_type of ["none", "gradient", "pattern", "image"] as const) {
      for (const button_variant of ["outline", "neon"] as const) {
        const d = design({
          ...light,
          wallpaper_type,
          button_variant,
          button_color: "#ffffff",
          text_color: "#222222",
          background_image_url: IMAGE,
        });
        const report = readableColors(d);
        const wall = report.colors.scrim ? overlay(wallpaperBackdrop(d), color(report.colors.scrim)) : wallpaperBackdrop(d);
        expect(worstContrast(color(report.colors.button), wall), `${wallpaper_type} ${button_variant}`).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(report.adjusted.button_color, `${wallpaper_type} ${button_variant}`).toBe(report.colors.button);
        expect(report.low.button_color).toBeUndefined();
      }
    }
  });

  it("darkens the default white-on-indigo button text (4.47:1) while the button colours are the defaults", () => {
    expect(readableColors(design({})).adjusted).toEqual({ button_text_color: "#000000" });
    const ownText = readableColors(design({ text_color: "#ffffff" }));
    expect(ownText.colors.buttonText).toBe("#000000");
    expect(Object.keys(ownText.low)).toEqual(["text_color"]);
  });

  it("puts the wallpaper's first colour (under the scrim) beneath it", () => {
    expect(readableColors(design({ background_color: "#0a0a0a" })).colors.base).toBe("#0a0a0a");
    expect(
      readableColors(design({ wallpaper_type: "image", background_image_url: IMAGE, text_color: "#ffffff", button_color: "#000000" }))
        .colors.base,
    ).toMatch(/^#[0-7]/);
  });

  it("lays a scrim over an image under the creator's own text colour", () => {
    const d = design({ text_color: "#ffffff", button_color: "#000000", wallpaper_type: "image", background_image_url: IMAGE });
    const report = readableColors(d);
    expect(report.colors.scrim).toMatch(/^rgb\(0 0 0 \/ 0\.\d+\)$/);
    expect(report.low).toEqual({});
    expect(paintedContrasts(d).text).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
