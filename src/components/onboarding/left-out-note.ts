import { cleanSlugInput } from "@/lib/schemas/profile";

/** Says which typed characters a username input left out, e.g. 'Left out spaces and "!": …'; undefined when none were. */
export function leftOutNote(typed: string): string | undefined {
  const dropped = [...typed.toLowerCase()].filter((character) => cleanSlugInput(character) === "");
  if (dropped.length === 0) return undefined;
  const names = [...new Set(dropped.map((character) => (/\s/.test(character) ? "spaces" : `"${character}"`)))];
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Left out ${listed}: a username holds only letters, numbers, underscores and hyphens.`;
}
