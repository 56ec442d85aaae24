/** Stored font names and the CSS stack each renders with. */
export const FONT_STACKS: Record<string, string> = {
  // The app loads Inter through next/font (--font-inter); the public page serves the static "Inter" weights.
  Inter: 'var(--font-inter, "Inter"), "Inter", ui-sans-serif, system-ui, sans-serif',
  Roboto: '"Roboto", ui-sans-serif, system-ui, sans-serif',
  Poppins: '"Poppins", ui-sans-serif, system-ui, sans-serif',
  Montserrat: '"Montserrat", ui-sans-serif, system-ui, sans-serif',
  Playfair: '"Playfair Display", Georgia, serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  Courier: '"Courier New", Courier, ui-monospace, monospace',
  "Comic Sans": '"Comic Sans MS", "Comic Sans", "Chalkboard SE", cursive',
};
export const DEFAULT_FONT = "Inter";

/** Stored font names that are self-hosted web fonts, and their @fontsource package. */
export const FONT_PACKAGES: Record<string, string> = {
  Inter: "inter",
  Roboto: "roboto",
  Poppins: "poppins",
  Montserrat: "montserrat",
  Playfair: "playfair-display",
};

export function fontStack(fontFamily: string): string {
  return FONT_STACKS[fontFamily] ?? FONT_STACKS[DEFAULT_FONT]!;
}

/** The editor's font ids (inter, roboto, ... comic) to the stored names. */
const FONT_IDS: Record<string, string> = {
  inter: "Inter",
  roboto: "Roboto",
  poppins: "Poppins",
  montserrat: "Montserrat",
  playfair: "Playfair",
  "playfair display": "Playfair",
  georgia: "Georgia",
  courier: "Courier",
  comic: "Comic Sans",
  "comic sans": "Comic Sans",
};

export function storedFontName(value: string): string {
  return FONT_STACKS[value] ? value : (FONT_IDS[value.trim().toLowerCase()] ?? value);
}
