/**
 * CORS for browser clients on other origins, only those listed in CORS_ORIGINS (comma-separated,
 * e.g. "https://app.example.com,http://localhost:5173"; "*" allows any). Tokens travel in the
 * Authorization header, never in cookies, so credentials are not allowed.
 */

let parsedFrom: string | undefined;
let allowed: ReadonlySet<string> = new Set();

function allowedOrigins(): ReadonlySet<string> {
  const raw = process.env.CORS_ORIGINS ?? "";
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

export function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (!origin) return null;
  const origins = allowedOrigins();
  return origins.has("*") || origins.has(origin.toLowerCase()) ? origin : null;
}

/** Headers for an actual (non-preflight) answer. */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = allowedOrigin(request);
  if (!origin) return request.headers.get("origin") ? { vary: "Origin" } : {};
  return {
    "access-control-allow-origin": origin,
    "access-control-expose-headers": "Allow, Retry-After, WWW-Authenticate",
    vary: "Origin",
  };
}

/** Headers for a preflight: only for listed origins, so other browsers' requests stop there. */
export function preflightHeaders(request: Request, methods: string[]): Record<string, string> {
  const origin = allowedOrigin(request);
  if (!origin || !request.headers.get("access-control-request-method")) return {};
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": "Authorization, Content-Type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}
