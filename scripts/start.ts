import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Builds only when the sources changed since the last build, so `npm start` is always current.
const SOURCES = ["src", "prisma", "public", "next.config.ts", "postcss.config.mjs", "package-lock.json", "server.ts"];
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const STAMP = path.join(DIST_DIR, "source-fingerprint");

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isFile()) return yield entry;
  for (const child of fs.readdirSync(entry).sort()) yield* files(path.join(entry, child));
}

function fingerprint(): string {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(source)) hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest("hex");
}

const current = fingerprint();
const built = fs.existsSync(path.join(DIST_DIR, "BUILD_ID")) && fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8") : "";
if (built !== current) {
  console.log("  Building the app (first start or changed sources)...");
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, current);
}

const server = spawnSync("npx", ["tsx", "server.ts"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
process.exit(server.status ?? 0);
