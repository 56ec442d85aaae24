import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { requiresExplicitSettings } from "./app-origin";
import { env, setVariable } from "./env";

/** Secrets the app needs; each one signs or salts something a visitor could otherwise forge. */
export const SECRET_NAMES = ["AUTH_SECRET"] as const;
type SecretName = (typeof SECRET_NAMES)[number];

interface SecretSettings extends Partial<Record<SecretName, string>> {
  readonly NODE_ENV?: string;
  readonly DATABASE_URL?: string;
  readonly DATA_DIR?: string;
}

export class MissingSecretError extends Error {}

/**
 * Fills missing secrets. A production deployment on PostgreSQL must set them (several instances
 * must agree); anywhere else a secret is generated once into DATA_DIR/secrets.json and reused.
 */
export function ensureSecrets(settings: SecretSettings = env, assign: (name: SecretName, value: string) => void = setVariable): void {
  const missing = SECRET_NAMES.filter((name) => !settings[name]);
  if (missing.length === 0) return;
  if (requiresExplicitSettings(settings)) {
    throw new MissingSecretError(
      `Missing required secret${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. ` +
        `Set ${missing.join(", ")} in the environment (for example: openssl rand -base64 32).`,
    );
  }
  const file = path.join(path.resolve(settings.DATA_DIR ?? ".data"), "secrets.json");
  const stored = readStored(file);
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("base64url");
      changed = true;
    }
    assign(name, stored[name]);
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
