import { fontStack } from "@/lib/design/fonts";
import { ANIMATION_SPEEDS, DESIGN_OPTIONS, FONT_SIZES, LINK_SPACINGS } from "@/lib/design/options";
import type { Choice } from "./controls/choice-group";

/** Labels that are not simply the capitalised value: '3D Shadow', 'XL'. */
const LABELS: Partial<Record<keyof typeof DESIGN_OPTIONS | "mapped", Record<string, string>>> = {
  button_variant: { shadow: "3D Shadow" },
  mapped: { xlarge: "XL" },
};

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The option buttons of one design enumeration, from the shared option list. */
export function optionChoices(field: Exclude<keyof typeof DESIGN_OPTIONS, "font_family">): Choice<string>[] {
  return DESIGN_OPTIONS[field].map((value) => ({ value, label: LABELS[field]?.[value] ?? capitalise(value) }));
}

/** Editor names to stored numbers (font size, link spacing, animation speed). */
function mappedChoices(names: Record<string, number>): Choice<number>[] {
  return Object.entries(names).map(([name, value]) => ({ value, label: LABELS.mapped?.[name] ?? capitalise(name) }));
}

export const FONT_SIZE_CHOICES = mappedChoices(FONT_SIZES);
export const LINK_SPACING_CHOICES = mappedChoices(LINK_SPACINGS);
export const ANIMATION_SPEED_CHOICES = mappedChoices(ANIMATION_SPEEDS);

/** Each font's label is shown in that font. */
export const FONT_CHOICES: Choice<string>[] = DESIGN_OPTIONS.font_family.map((name) => ({
  value: name,
  label: name,
  style: { fontFamily: fontStack(name) },
}));
