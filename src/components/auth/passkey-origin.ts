/**
 * Passkeys belong to APP_URL's host (their relying party): on any other address of the server
 * (127.0.0.1, a LAN address) the browser refuses them, so the screens say where they work.
 */
export function passkeyOriginProblem(appOrigin: string): string | null {
  if (typeof window === "undefined" || window.location.origin === appOrigin) return null;
  return `Passkeys work at ${appOrigin}. Open this page there to use one.`;
}
