import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkAppUrl, requiresExplicitSettings } from "@/server/config/app-origin";
import { validateEnvironment, variables } from "@/server/config/env";
import { SECRET_NAMES } from "@/server/config/secrets";

const ROOT = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

function markdownFiles(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return relative.endsWith(".md") ? [relative] : [];
  return readdirSync(absolute).flatMap((name) => markdownFiles(path.join(relative, name)));
}

// The README and whatever documentation lives beside it under docs/.
const documents = ["README.md", ...markdownFiles("docs")].map((file) => ({ file, text: readFileSync(path.join(ROOT, file), "utf8") }));

interface Command {
  file: string;
  line: string;
  settings: Record<string, string>;
  mode: "production" | "development";
}

/** The shell commands of fenced bash/sh blocks, continuation lines joined and comments dropped. */
function shellCommands(file: string, text: string): { file: string; line: string }[] {
  const blocks = [...text.matchAll(/```(?:bash|sh|shell|console)\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n\s*/g, " ")
      .split("\n")
      .map((line) => line.replace(/(^|\s)#.*$/, "").trim())
      .filter(Boolean)
      .map((line) => ({ file, line })),
  );
}

/** `NAME=value` words before the command word (a value may be $(…) or quoted). */
function leadingAssignments(line: string): Record<string, string> {
  const settings: Record<string, string> = {};
  const pattern = /^([A-Z][A-Z0-9_]*)=("[^"]*"|'[^']*'|\$\([^)]*\)|\S*)\s+/;
  let rest = line;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    settings[match[1]!] = match[2]!.replace(/^["']|["']$/g, "");
    rest = rest.slice(match[0].length);
  }
  return settings;
}

/** Commands that start the server: `npm start` (production) and `npm run dev`. */
const serverStarts: Command[] = documents.flatMap(({ file, text }) => [
  ...shellCommands(file, text)
    .filter(({ line }) => /\bnpm (start|run dev)\b/.test(line) && !/--help\b/.test(line))
    .map(({ line }) => ({
      file,
      line,
      settings: leadingAssignments(line),
      mode: /\bnpm start\b/.test(line) ? ("production" as const) : ("development" as const),
    })),
  // systemd units: Environment= lines, started by their ExecStart.
  ...[...text.matchAll(/```ini\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .filter((unit) => /^ExecStart=.*npm start/m.test(unit))
    .map((unit) => ({
      file,
      line: unit.match(/^ExecStart=.*$/m)![0],
      settings: Object.fromEntries([...unit.matchAll(/^Environment=([A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!])),
      mode: "production" as const,
      // Secrets come from the unit's EnvironmentFile, which the text says holds AUTH_SECRET.
      secretsFile: /^EnvironmentFile=/m.test(unit),
    }))
    .map(({ secretsFile, ...command }) =>
      secretsFile ? { ...command, settings: { AUTH_SECRET: "from the EnvironmentFile", ...command.settings } } : command,
    ),
]);

describe("the documentation's commands run as written", () => {
  it("finds the commands that start the server (the two commands, PostgreSQL, several instances, systemd)", () => {
    expect(serverStarts.length).toBeGreaterThanOrEqual(4);
    expect(serverStarts.some((command) => command.settings.DATABASE_URL)).toBe(true);
  });

  it.each(serverStarts.map((command) => [`${command.file}: ${command.line}`, command] as const))(
    "%s sets every variable it needs, each valid",
    (_, command) => {
      const settings: Record<string, string> = { NODE_ENV: command.mode, ...command.settings };
      const unknown = Object.keys(command.settings).filter((name) => !(name in variables));
      expect(unknown, "variables the server does not read").toEqual([]);
      expect(() => validateEnvironment(settings)).not.toThrow();
      expect(() => checkAppUrl(settings)).not.toThrow();
      if (requiresExplicitSettings(settings)) {
        expect(
          SECRET_NAMES.filter((name) => !settings[name]),
          "secrets production on PostgreSQL requires",
        ).toEqual([]);
      }
    },
  );

  it("names only npm scripts that package.json defines", () => {
    const named = documents.flatMap(({ file, text }) => [...text.matchAll(/\bnpm run ([\w:-]+)/g)].map((match) => `${file}: ${match[1]}`));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !(entry.split(": ")[1]! in scripts))).toEqual([]);
  });

  it("would catch the PostgreSQL command without APP_URL that the README once had", () => {
    const settings = {
      NODE_ENV: "production",
      ...leadingAssignments("DATABASE_URL=postgresql://postgres@127.0.0.1:5432/linkbio AUTH_SECRET=$(openssl rand -base64 32) npm start"),
    };
    expect(() => checkAppUrl(settings)).toThrow("Missing required setting: APP_URL");
  });
});
