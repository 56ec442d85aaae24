import { env } from "@/server/config/env";

/**
 * Session cookies are Secure when the app is served over https: its public origin says so, or a
 * trusted proxy (TRUST_PROXY=1) reports that this request arrived over https.
 */
interface OriginSettings {
  readonly APP_URL?: string;
  readonly NEXTAUTH_URL?: string;
  readonly TRUST_PROXY?: string | boolean;
}

export function usesSecureCookies(headers: Headers, settings: OriginSettings = env): boolean {
  const origin = settings.APP_URL || settings.NEXTAUTH_URL || "";
  if (origin.startsWith("https://")) return true;
  const forwardedProto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const trustProxy = settings.TRUST_PROXY === true || settings.TRUST_PROXY === "1";
  return trustProxy && forwardedProto === "https";
}
