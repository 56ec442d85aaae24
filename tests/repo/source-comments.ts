import ts from "typescript";

export interface SourceComment {
  line: number;
  text: string;
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  ".ts": ts.ScriptKind.TS,
  ".tsx": ts.ScriptKind.TSX,
  ".js": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
  ".cjs": ts.ScriptKind.JS,
};

export const COMMENTED_EXTENSIONS = [...Object.keys(SCRIPT_KINDS), ".css"];

function lineOf(text: string, position: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < position; index = text.indexOf("\n", index + 1)) line++;
  return line;
}

/** CSS has no string or regex that could hold a comment marker worth guarding against. */
function cssComments(text: string): SourceComment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ line: lineOf(text, match.index), text: match[0] }));
}

/** Every comment of a script, read by the TypeScript parser so `//` inside strings and regexes is not one. */
function scriptComments(text: string, extension: string): SourceComment[] {
  const file = ts.createSourceFile(`file${extension}`, text, ts.ScriptTarget.Latest, true, SCRIPT_KINDS[extension]);
  const found = new Map<number, SourceComment>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, { line: lineOf(text, range.pos), text: text.slice(range.pos, range.end) });
  };
  // Every token's leading and trailing trivia: tokens, not just nodes, so `{/* ... */}` in JSX counts too.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** The comments of one source file, by its extension (.ts, .tsx, .js, .mjs, .cjs or .css). */
export function commentsOf(text: string, extension: string): SourceComment[] {
  return extension === ".css" ? cssComments(text) : scriptComments(text, extension);
}
