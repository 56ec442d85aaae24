import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "../auth/keys";

const ALGORITHM = "aes-256-gcm";
const VERSION = "v1";

/** Seals a secret with AES-256-GCM under a key derived from AUTH_SECRET: "v1.iv.tag.ciphertext" in base64url. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, derivedKey("two-factor-secret"), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Opens what sealSecret wrote; throws when it was altered or sealed under another AUTH_SECRET. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unreadable two-factor secret");
  const decipher = createDecipheriv(ALGORITHM, derivedKey("two-factor-secret"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
