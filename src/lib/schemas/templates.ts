import { z } from "zod";

export const TEMPLATE_NAMES = ["minimal", "gradient", "dark", "neon"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  minimal: "Minimal",
  gradient: "Gradient Dream",
  dark: "Dark Mode",
  neon: "Neon Lights",
};
export const templateInput = z.strictObject({ template: z.enum(TEMPLATE_NAMES, { error: "Unknown template" }) });
