import { env } from "./env";

/** The settings an origin depends on, as the environment holds them or as env parses them. */
interface Settings {
  readonly NODE_ENV?: string;
  readonly DATABASE_URL?: string;
  readonly PORT?: string | number;
  readonly APP_URL?: string;
}

/** Settings a production deployment must state; the embedded default starts without them. */
export function requiresExplicitSettings(settings: Settings = env): boolean {
  return settings.NODE_ENV === "production" && Boolean(settings.DATABASE_URL);
}

export class AppUrlError extends Error {}

/** The configured HTTP port (the fallback origin points at it). */
export function configuredPort(settings: Settings = env): number {
  return Number(settings.PORT ?? 3000);
}

/**
 * The public origin every absolute URL starts with: APP_URL, else this server on localhost.
 * Never taken from a request header, so no visitor decides what another visitor is sent.
 */
export function appOrigin(settings: Settings = env): string {
  return settings.APP_URL ? new URL(settings.APP_URL).origin : `http://localhost:${configuredPort(settings)}`;
}

/** Stops start-up when APP_URL is missing where it is required, or is not an http(s) origin. */
export function checkAppUrl(settings: Settings = env): void {
  const value = settings.APP_URL;
  if (!value) {
    if (requiresExplicitSettings(settings)) {
      throw new AppUrlError(
        "Missing required setting: APP_URL. Set it to the public address visitors use (for example: APP_URL=https://links.example.com).",
      );
    }
    return;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppUrlError(`APP_URL must be an http(s) address such as https://links.example.com, not "${value}".`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.hash) {
    throw new AppUrlError(`APP_URL must be an http(s) origin without a path, such as https://links.example.com, not "${value}".`);
  }
}
