import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docReferences, markdownLinks, outsideCitations, type DocReference } from "./doc-references";
import { anchorsOf, headingSlug } from "./markdown-anchors";
import { COMMENTED_EXTENSIONS, commentsOf } from "./source-comments";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "server.ts", "scripts", "tests"];
const SKIPPED = new Set(["node_modules", "generated"]);

function filesUnder(relative: string, keep: (file: string) => boolean): string[] {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return keep(relative) ? [relative] : [];
  return readdirSync(absolute)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => filesUnder(path.join(relative, name), keep));
}

const sourceFiles = SCANNED.flatMap((entry) => filesUnder(entry, (file) => COMMENTED_EXTENSIONS.includes(path.extname(file))));
const comments = sourceFiles.flatMap((file) =>
  commentsOf(readFileSync(path.join(ROOT, file), "utf8"), path.extname(file)).map((comment) => ({ file, ...comment })),
);
const docFiles = filesUnder("docs", (file) => file.endsWith(".md"));

const anchorCache = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(path.join(ROOT, file), "utf8"))));
  return anchors;
}

/** Why a reference does not resolve, or null when its file (and heading) exist. */
function brokenReason({ path: target, anchor }: DocReference): string | null {
  if (!existsSync(path.join(ROOT, target))) return `${target} does not exist`;
  if (anchor && !anchorsIn(target).has(anchor)) return `${target} has no heading #${anchor}`;
  return null;
}

describe("comments in src, server.ts, scripts and tests", () => {
  it("are read from every source file, strings and regexes aside", () => {
    expect(sourceFiles).toContain("server.ts");
    expect(sourceFiles.some((file) => file.startsWith(`scripts${path.sep}`))).toBe(true);
    expect(comments.length).toBeGreaterThan(100);
    const sample = 'const pattern = /^https?:\\/\\//; const text = "// not a comment"; // a comment\n/* block */';
    expect(commentsOf(sample, ".ts").map((comment) => comment.text)).toEqual(["// a comment", "/* block */"]);
    expect(commentsOf("<div>{/* in JSX */}</div>", ".tsx").map((comment) => comment.text)).toEqual(["/* in JSX */"]);
    expect(commentsOf(".a { color: red; } /* why */", ".css").map((comment) => comment.text)).toEqual(["/* why */"]);
  });

  it("cite no document outside the repository (the specification, ARCHITECTURE.md, ../shared)", () => {
    for (const citing of [
      "// spec section 9",
      "/** Spec: x */",
      "// (spec) y",
      "// as the spec's clients do",
      "// see ARCHITECTURE.md",
      "// ../shared/spec.md",
      "// as specified",
    ]) {
      expect(outsideCitations(citing), citing).not.toEqual([]);
    }
    for (const plain of [
      "// tests/e2e/auth.spec.ts drives it",
      "// OperationSpec is the REST meta",
      "// docs/product/editor.md#autosave",
    ]) {
      expect(outsideCitations(plain), plain).toEqual([]);
    }
    const citations = comments.flatMap(({ file, line, text }) => outsideCitations(text).map((found) => `${file}:${line}: ${found}`));
    expect(citations).toEqual([]);
  });

  it("point only to docs/ files and headings that exist", () => {
    expect(brokenReason({ path: "docs/product/nowhere.md", anchor: null })).toMatch(/does not exist/);
    expect(brokenReason({ path: "docs/product/editor.md", anchor: "no-such-heading" })).toMatch(/has no heading/);
    const referenced = comments.flatMap(({ file, line, text }) =>
      docReferences(text).map((reference) => ({ where: `${file}:${line}`, reference })),
    );
    expect(referenced.length).toBeGreaterThan(0);
    const broken = referenced.flatMap(({ where, reference }) => {
      const reason = brokenReason(reference);
      return reason ? [`${where}: ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

describe("README.md and docs/", () => {
  it("README.md names only docs/ files and headings that exist", () => {
    const references = docReferences(readFileSync(path.join(ROOT, "README.md"), "utf8"));
    expect(references.length).toBeGreaterThan(0);
    expect(references.flatMap((reference) => brokenReason(reference) ?? [])).toEqual([]);
  });

  it("docs/ links only to files and headings that exist", () => {
    expect(docFiles.length).toBeGreaterThan(0);
    const broken = docFiles.flatMap((file) =>
      markdownLinks(readFileSync(path.join(ROOT, file), "utf8")).flatMap(({ target, anchor }) => {
        const resolved = target ? path.join(path.dirname(file), target) : file;
        const reason = brokenReason({ path: resolved, anchor });
        return reason ? [`${file}: ${reason}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("anchors follow GitHub's heading slugs", () => {
    expect(headingSlug("Decisions where the spec leaves a gap")).toBe("decisions-where-the-spec-leaves-a-gap");
    expect(headingSlug("Settings › Billing (plans)")).toBe("settings--billing-plans");
    expect(headingSlug("`npm start` and [links](x.md)")).toBe("npm-start-and-links");
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n### B?")]).toEqual(["a", "a-1", "b"]);
  });
});
