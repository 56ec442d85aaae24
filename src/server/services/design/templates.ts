import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { TemplateName } from "@/lib/schemas/templates";

type DesignValues = Omit<Prisma.DesignSettingsUncheckedCreateInput, "profile_id">;

/** Every field a template leaves alone comes back to its default, so a template is a whole design. */
export const DEFAULT_DESIGN: DesignValues = DESIGN_DEFAULTS;

export const TEMPLATES: Record<TemplateName, Partial<DesignValues>> = {
  minimal: { background_color: "#ffffff", button_color: "#111827", text_color: "#111827", button_style: "rounded" },
  gradient: {
    wallpaper_type: "gradient",
    gradient_start: "#667eea",
    gradient_end: "#764ba2",
    gradient_angle: 135,
    button_variant: "glassy",
    button_color: "#ffffff",
    button_text_color: "#ffffff",
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

export async function applyDesign(db: PrismaClient, profileId: string, values: DesignValues): Promise<void> {
  await db.designSettings.upsert({ where: { profile_id: profileId }, create: { profile_id: profileId, ...values }, update: values });
}

export function applyTemplate(db: PrismaClient, profileId: string, template: TemplateName): Promise<void> {
  return applyDesign(db, profileId, { ...DEFAULT_DESIGN, ...TEMPLATES[template] });
}

export function resetDesign(db: PrismaClient, profileId: string): Promise<void> {
  return applyDesign(db, profileId, DEFAULT_DESIGN);
}
