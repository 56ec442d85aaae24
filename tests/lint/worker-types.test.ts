import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// The database worker is JavaScript Node runs as written, so `tsc -p .` (allowJs off) never sees it.
const WORKER = path.join(root, "src/server/db/pglite-worker.mjs");

it("type-checks the database worker's JavaScript against its JSDoc types", () => {
  const program = ts.createProgram([WORKER], {
    allowJs: true,
    checkJs: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ["node"],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
  expect(problems).toEqual([]);
});
