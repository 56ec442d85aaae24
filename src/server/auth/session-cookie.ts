/**
 * next-auth names its session cookie `__Secure-next-auth.session-token` when cookies are Secure
 * (https) and `next-auth.session-token` otherwise. Over https only the prefixed one counts: a
 * browser lets no page without https set it, whereas the plain name could be planted.
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

/** The session cookie's value from a Cookie header: over https under the prefixed name only, else under either. */
export function sessionCookieFrom(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  const names = secure ? SESSION_COOKIE_NAMES.slice(0, 1) : SESSION_COOKIE_NAMES;
  return names.map((name) => cookieValue(cookieHeader, name)).find(Boolean);
}

/** A cheap test before any decoding: does the request carry a session cookie at all? */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && SESSION_COOKIE_NAMES.some((name) => cookieHeader.includes(`${name}=`)));
}
