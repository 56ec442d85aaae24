import type { DesignData } from "@/lib/public-profile";
import type { TemplateName } from "@/lib/schemas/templates";
import { DESIGN_DEFAULTS } from "./normalize";

/** Each template's departures from the defaults; applying one resets everything else. */
export const TEMPLATES: Record<TemplateName, Partial<DesignData>> = {
  minimal: { background_color: "#ffffff", button_color: "#111827", text_color: "#111827", button_style: "rounded" },
  gradient: {
    wallpaper_type: "gradient",
    gradient_start: "#667eea",
    gradient_end: "#764ba2",
    gradient_angle: 135,
    button_variant: "glassy",
    button_color: "#ffffff",
    button_text_color: "#4c1d95",
    text_color: "#ffffff",
    button_style: "pill",
    font_family: "Poppins",
    animation_type: "fade",
  },
  dark: {
    background_color: "#0f172a",
    button_color: "#1e293b",
    button_text_color: "#f8fafc",
    text_color: "#f8fafc",
    hover_effect: "lift",
  },
  neon: {
    background_color: "#0a0a0a",
    button_variant: "neon",
    button_color: "#00ff88",
    button_text_color: "#00ff88",
    text_color: "#00ff88",
    font_family: "Montserrat",
    hover_effect: "glow",
    button_style: "pill",
  },
};

/**
 * The whole design a template gives: its values over the defaults. Whether visitors confirm
 * before a link opens is how the page behaves, not how it looks, so the creator's choice stays.
 */
export function designFromTemplate(template: TemplateName, current: Pick<DesignData, "ask_before_opening_links"> | null): DesignData {
  return {
    ...DESIGN_DEFAULTS,
    ...TEMPLATES[template],
    ask_before_opening_links: current?.ask_before_opening_links ?? DESIGN_DEFAULTS.ask_before_opening_links,
  };
}
