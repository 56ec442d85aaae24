/** Environment variables by name, as process.env holds them. */
type Settings = Record<string, string | undefined>;

/** Settings a production deployment must state; the embedded default starts without them. */
export function requiresExplicitSettings(env: Settings = process.env): boolean {
  return env.NODE_ENV === "production" && Boolean(env.DATABASE_URL);
}

export class AppUrlError extends Error {}

/** The configured HTTP port (the fallback origin points at it). */
export function configuredPort(env: Settings = process.env): number {
  return Number(env.PORT ?? 3000);
}

/**
 * The public origin every absolute URL starts with: APP_URL, else this server on localhost.
 * Never taken from a request header, so no visitor decides what another visitor is sent.
 */
export function appOrigin(env: Settings = process.env): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${configuredPort(env)}`;
}

/** Stops start-up when APP_URL is missing where it is required, or is not an http(s) origin. */
export function checkAppUrl(env: Settings = process.env): void {
  const value = env.APP_URL;
  if (!value) {
    if (requiresExplicitSettings(env)) {
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
