import { hkdfSync } from "node:crypto";
import { env } from "@/server/config/env";

/** Derives an independent key per purpose from the one AUTH_SECRET. */
export function derivedKey(purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", env.authSecret, "linkbio", purpose, 32));
}
