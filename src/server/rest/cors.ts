/**
 * CORS for browser clients on other origins, only those listed in CORS_ORIGINS (comma-separated,
 * e.g. "https://app.example.com,http://localhost:5173"; "*" allows any). Tokens travel in the
 * Authorization header, never in cookies, so credentials are not allowed.
 */

import type { IncomingHttpHeaders } from "node:http";
import { env } from "@/server/config/env";

/** The request headers CORS reads: a fetch Request's, or a Node request's through nodeHeaders(). */
export interface HeaderReader {
  get(name: string): string | null;
}

export function nodeHeaders(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get: (name) => {
      const value = headers[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    },
  };
}

let parsedFrom: string | undefined;
let allowed: ReadonlySet<string> = new Set();

function allowedOrigins(): ReadonlySet<string> {
  const raw = env.CORS_ORIGINS ?? "";
  if (raw !== parsedFrom) {
    parsedFrom = raw;
    allowed = new Set(
      raw
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, "").toLowerCase())
        .filter(Boolean),
    );
  }
  return allowed;
}

function allowedOrigin(headers: HeaderReader): string | null {
  const origin = headers.get("origin");
  if (!origin) return null;
  const origins = allowedOrigins();
  return origins.has("*") || origins.has(origin.toLowerCase()) ? origin : null;
}

/** Headers for an actual (non-preflight) answer. */
export function corsHeaders(headers: HeaderReader): Record<string, string> {
  const origin = allowedOrigin(headers);
  if (!origin) return headers.get("origin") ? { vary: "Origin" } : {};
  return {
    "access-control-allow-origin": origin,
    "access-control-expose-headers":
      "Allow, Retry-After, WWW-Authenticate, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Idempotent-Replayed",
    vary: "Origin",
  };
}

/** Headers for a preflight: only for listed origins, so other browsers' requests stop there. */
export function preflightHeaders(headers: HeaderReader, methods: string[]): Record<string, string> {
  const origin = allowedOrigin(headers);
  if (!origin || !headers.get("access-control-request-method")) return {};
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": "Authorization, Content-Type, Idempotency-Key",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}
