// The page templates' names and labels without their zod schema, for screens that ship no zod (schema in templates.ts).

export const TEMPLATE_NAMES = ["minimal", "gradient", "dark", "neon"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  minimal: "Minimal",
  gradient: "Gradient Dream",
  dark: "Dark Mode",
  neon: "Neon Lights",
};
