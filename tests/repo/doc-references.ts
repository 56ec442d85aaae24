/** Ways a comment may cite a document kept outside the repository; each pattern names one. */
const OUTSIDE_CITATIONS: RegExp[] = [
  /(?<![.\w])spec(ification)?\s+(section|§|\d)/i,
  /\bthe\s+spec(ification)?\b/i,
  /(?<![.\w])spec(ification)?'s\b/i,
  /\(\s*spec(ification)?\b/i,
  /(?<![.\w])spec(ification)?\s*[:)]/i,
  /\bas\s+specified\b/i,
  /\bARCHITECTURE\.md\b/i,
  /(\.\.\/)+shared\b/,
  /\/work\/shared\b/,
];

/** The parts of a text that cite a document outside the repository. */
export function outsideCitations(text: string): string[] {
  return OUTSIDE_CITATIONS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

export interface DocReference {
  path: string;
  anchor: string | null;
}

/** Every `docs/….md` (with an optional `#anchor`) a text names, as a path from the repository root. */
export function docReferences(text: string): DocReference[] {
  return [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md(?:#([\w-]+))?/g)].map((match) => ({
    path: match[0].replace(/#.*$/, ""),
    anchor: match[1] ?? null,
  }));
}

/** Relative Markdown link targets to .md files or anchors (`[text](editor.md#autosave)`, `[text](#plans)`). */
export function markdownLinks(markdown: string): { target: string; anchor: string | null }[] {
  return [...markdown.matchAll(/\]\(([^)\s]*)\)/g)]
    .map((match) => match[1]!)
    .filter((link) => !/^[a-z]+:/i.test(link) && !link.startsWith("/") && (link.startsWith("#") || /\.md(#|$)/.test(link)))
    .map((link) => {
      const [target, anchor] = link.split("#", 2);
      return { target: target!, anchor: anchor ?? null };
    });
}
