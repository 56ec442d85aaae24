/** Pages only guests see; a signed-in visitor is sent to /dashboard. */
export const GUEST_ONLY_PATHS = ["/login", "/register"];

/** Onboarding and pricing need a session but not a finished onboarding. */
export const ONBOARDING_PATHS = ["/onboarding", "/pricing"];

/** The signed-in area: a session and a finished onboarding. */
export const SIGNED_IN_PATHS = [
  "/dashboard",
  "/links",
  "/import",
  "/design",
  "/analytics",
  "/insights",
  "/settings",
  "/shop",
  "/audience",
  "/social-planner",
  "/instagram-auto-reply",
  "/link-shortener",
  "/post-ideas",
];

export function matchesAny(pathname: string, paths: string[]): boolean {
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
