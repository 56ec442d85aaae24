import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bundleServer, serverBundle } from "./production-server";

// Builds only when the sources changed since the last build, so a start always serves current code.
// Node runs the Next CLI itself (no npx or shell layers), so a signal sent to the caller reaches it.
const NEXT_CLI = path.join("node_modules", "next", "dist", "bin", "next");
const SOURCES = ["src", "prisma", "public", "next.config.mjs", "postcss.config.mjs", "package-lock.json", "server.ts"];

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry).sort()) yield* files(path.join(entry, child));
}

function fingerprint(): string {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(source)) hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest("hex");
}

/**
 * Runs `next build` into NEXT_DIST_DIR (default `.next`) and bundles the server beside it, unless
 * that build matches the sources; false when the build failed.
 */
export function buildIfChanged(): boolean {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const stamp = path.join(distDir, "source-fingerprint");
  const current = fingerprint();
  const built =
    fs.existsSync(path.join(distDir, "BUILD_ID")) && fs.existsSync(serverBundle()) && fs.existsSync(stamp)
      ? fs.readFileSync(stamp, "utf8")
      : "";
  if (built === current) return true;
  console.log("  Building the app (first start or changed sources)...");
  const result = spawnSync(process.execPath, [NEXT_CLI, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) return false;
  bundleServer();
  fs.writeFileSync(stamp, current);
  return true;
}
