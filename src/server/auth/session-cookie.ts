/**
 * next-auth names its session cookie `__Secure-next-auth.session-token` when cookies are Secure
 * (https) and `next-auth.session-token` otherwise; every reader accepts both.
 */
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session cookie's value from a Cookie header, under either name. */
export function sessionCookieFrom(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return SESSION_COOKIE_NAMES.map((name) => cookieValue(cookieHeader, name)).find(Boolean);
}

/** A cheap test before any decoding: does the request carry a session cookie at all? */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && SESSION_COOKIE_NAMES.some((name) => cookieHeader.includes(`${name}=`)));
}
