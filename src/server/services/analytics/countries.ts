// Country codes as names a person recognises, and back (the country filter takes either).
import { UNKNOWN_NAME } from "@/lib/schemas/analytics";
import { UNKNOWN_COUNTRY } from "./visitor";

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

export function countryName(code: string): string {
  if (code === UNKNOWN_COUNTRY) return UNKNOWN_NAME;
  try {
    return regionNames.of(code) ?? UNKNOWN_NAME;
  } catch {
    return UNKNOWN_NAME;
  }
}

let codesByName: Map<string, string> | undefined;

/** Every two-letter code Intl names, by lower-cased English name. */
function nameIndex(): Map<string, string> {
  if (codesByName) return codesByName;
  codesByName = new Map([[UNKNOWN_NAME.toLowerCase(), UNKNOWN_COUNTRY]]);
  const A = "A".charCodeAt(0);
  for (let i = 0; i < 26; i += 1) {
    for (let j = 0; j < 26; j += 1) {
      const code = String.fromCharCode(A + i, A + j);
      const name = code === UNKNOWN_COUNTRY ? undefined : regionNames.of(code);
      if (name && name !== code) codesByName.set(name.toLowerCase(), code);
    }
  }
  return codesByName;
}

/** The ISO code a country filter value names ("US", "us", "United States", "Unknown"), or null. */
export function countryCodeOf(value: string): string | null {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return nameIndex().get(text.toLowerCase()) ?? null;
}
