import { createHmac } from "node:crypto";

/** `Linkbio-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/api.md#verifying-a-delivery). */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}
