import { variables } from "./env";

/** What `npm start -- --help` prints: how to start, and every setting by name with its meaning. */
export function usage(): string {
  const names = Object.keys(variables) as (keyof typeof variables)[];
  const width = Math.max(...names.map((name) => name.length));
  const rows = names.map((name) => `  ${name.padEnd(width)}  ${variables[name].description ?? ""}`);
  return [
    "Usage: npm start [-- --help]",
    "       npm run dev",
    "",
    "Serves Linkbio: builds when the sources changed, applies pending migrations, then listens on HOST:PORT.",
    "Settings are environment variables (docs/configuration.md):",
    "",
    ...rows,
    "",
  ].join("\n");
}

/** Command-line flags the server accepts; anything else is refused before anything starts. */
export const KNOWN_FLAGS = new Set(["--dev", "--help", "-h"]);

export function wantsHelp(args: readonly string[]): boolean {
  return args.includes("--help") || args.includes("-h");
}

/** The first flag the server does not know, if any. */
export function unknownFlag(args: readonly string[]): string | undefined {
  return args.find((arg) => !KNOWN_FLAGS.has(arg));
}
