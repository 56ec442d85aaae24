// Prints line and branch coverage per source folder from vitest's json-summary report, so CI shows
// where tests are thin without a threshold to game.
import fs from "node:fs";
import path from "node:path";

interface Counts {
  total: number;
  covered: number;
}
type FileSummary = { lines: Counts; branches: Counts };

const report = process.argv[2] ?? "coverage/coverage-summary.json";
const summary = JSON.parse(fs.readFileSync(report, "utf8")) as Record<string, FileSummary>;
const root = path.resolve("src");
const folders = new Map<string, { lines: Counts; branches: Counts }>();

for (const [file, counts] of Object.entries(summary)) {
  if (file === "total") continue;
  const folder = path.relative(root, path.dirname(file)).split(path.sep).slice(0, 2).join("/") || ".";
  const entry = folders.get(folder) ?? { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const kind of ["lines", "branches"] as const) {
    entry[kind].total += counts[kind].total;
    entry[kind].covered += counts[kind].covered;
  }
  folders.set(folder, entry);
}

const percent = ({ total, covered }: Counts) => (total === 0 ? "   —  " : `${((100 * covered) / total).toFixed(1).padStart(5)}%`);
console.log(`\n  ${"folder (under src/)".padEnd(32)} lines   branches`);
for (const [folder, counts] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${folder.padEnd(32)} ${percent(counts.lines)}  ${percent(counts.branches)}`);
}
const total = summary.total!;
console.log(`  ${"all".padEnd(32)} ${percent(total.lines)}  ${percent(total.branches)}\n`);
