/** Where a sign-in lands when its callbackUrl points anywhere but this app. */
export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/**
 * next-auth's `redirect` callback: only this app's own pages are followed (a path, or an address
 * on this origin), so a crafted callbackUrl cannot send a signed-in user to another site.
 */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  try {
    const base = new URL(baseUrl);
    const target = new URL(url, base);
    if (target.origin === base.origin) return target.href;
  } catch {
    // An unparsable callbackUrl is as foreign as another site's.
  }
  return new URL(DEFAULT_SIGNED_IN_PATH, baseUrl).href;
}
