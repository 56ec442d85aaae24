import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Builds only when the sources changed since the last build, so `npm start` is always current.
const SOURCES = ["src", "prisma", "public", "next.config.ts", "postcss.config.mjs", "package-lock.json", "server.ts"];
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const STAMP = path.join(DIST_DIR, "source-fingerprint");
// Node runs the tools itself (no npx or shell layers), so a signal sent to this process reaches the server.
const NEXT_CLI = path.join("node_modules", "next", "dist", "bin", "next");

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
  const result = spawnSync(process.execPath, [NEXT_CLI, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, current);
}

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
// Stopping `npm start` stops the server the same way: it drains requests and flushes analytics first.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
