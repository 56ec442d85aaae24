import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { requiresExplicitSettings } from "./app-origin";

/** Secrets the app needs; each one signs or salts something a visitor could otherwise forge. */
export const SECRET_NAMES = ["AUTH_SECRET"] as const;

export class MissingSecretError extends Error {}

/**
 * Fills missing secrets. A production deployment on PostgreSQL must set them (several instances
 * must agree); anywhere else a secret is generated once into DATA_DIR/secrets.json and reused.
 */
export function ensureSecrets(env: NodeJS.ProcessEnv = process.env): void {
  const missing = SECRET_NAMES.filter((name) => !env[name]);
  if (missing.length === 0) return;
  if (requiresExplicitSettings(env)) {
    throw new MissingSecretError(
      `Missing required secret${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. ` +
        `Set ${missing.join(", ")} in the environment (for example: openssl rand -base64 32).`,
    );
  }
  const file = path.join(path.resolve(env.DATA_DIR ?? ".data"), "secrets.json");
  const stored = readStored(file);
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("base64url");
      changed = true;
    }
    env[name] = stored[name];
  }
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
}

function readStored(file: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}
