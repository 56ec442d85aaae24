/**
 * Session cookies are Secure when the app is served over https: its public origin says so, or a
 * trusted proxy (TRUST_PROXY=1) reports that this request arrived over https.
 */
type OriginSettings = Partial<Record<"APP_URL" | "NEXTAUTH_URL" | "TRUST_PROXY", string>>;

export function usesSecureCookies(headers: Headers, env: OriginSettings = process.env): boolean {
  const origin = env.APP_URL || env.NEXTAUTH_URL || "";
  if (origin.startsWith("https://")) return true;
  const forwardedProto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return env.TRUST_PROXY === "1" && forwardedProto === "https";
}
