import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/server/config/env";
import { STRICT_TRANSPORT_SECURITY } from "@/server/http/strict-transport";

const APP_POLICY_REST = [
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  // next-auth's Google sign-in posts to its own route, which redirects to Google's consent screen.
  "form-action 'self' https://accounts.google.com",
].join("; ");

/**
 * Every answer but a public page (which sends its own policy). Next's pages need its inline
 * bootstrap scripts; scripts from anywhere but this origin never run (dev mode's refresh needs eval).
 */
export function appContentSecurityPolicy(production = env.NODE_ENV === "production"): string {
  return `script-src 'self' 'unsafe-inline'${production ? "" : " 'unsafe-eval'"}; ${APP_POLICY_REST}`;
}

export const APP_PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** Whether the visitor reached us over https: the configured public address, or a trusted proxy's word. */
export function servedOverHttps(request: IncomingMessage, trustProxy: boolean, appUrl = env.APP_URL): boolean {
  if (appUrl?.startsWith("https:")) return true;
  return (
    trustProxy &&
    String(request.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim() === "https"
  );
}

/** Headers every response carries, whoever writes it (a handler's own value for the same name wins). */
export function setBaseHeaders(response: ServerResponse, https: boolean): void {
  response.setHeader("x-content-type-options", "nosniff");
  if (https) response.setHeader("strict-transport-security", STRICT_TRANSPORT_SECURITY);
}

/**
 * The web app's headers, for every answer (Next's, the custom server's assets, share images, the
 * click beacon and its refusals): no framing, no foreign scripts, plugins, base or form targets.
 * A public page replaces them with its own (handler.ts).
 */
export function setAppHeaders(response: ServerResponse, policy = appContentSecurityPolicy()): void {
  response.setHeader("content-security-policy", policy);
  response.setHeader("x-frame-options", "DENY");
  response.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  response.setHeader("permissions-policy", APP_PERMISSIONS_POLICY);
}

/** API answers depend on who asks: never stored by a browser or a shared cache (a handler may say otherwise). */
export function setApiHeaders(response: ServerResponse): void {
  response.setHeader("cache-control", "private, no-store");
}
