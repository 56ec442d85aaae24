import { NextResponse, type NextRequest } from "next/server";
import { GUEST_ONLY_PATHS, matchesAny, ONBOARDING_PATHS, SIGNED_IN_PATHS } from "@/server/auth/routes";
import { webSessionFrom } from "@/server/auth/web-session";

/**
 * Session guards, answered with real redirects before any rendering. Onboarding state lives
 * in the database, so the signed-in layout (not this) sends unfinished users to /onboarding.
 * The proxy runs in Node inside the server's process, so it checks the session against the
 * database (through the shared session cache): an ended session is a guest here too.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const session = await webSessionFrom(request.headers);
  const redirectTo = (path: string) => NextResponse.redirect(new URL(path, request.url));

  if (matchesAny(pathname, GUEST_ONLY_PATHS)) return session ? redirectTo("/dashboard") : NextResponse.next();
  const needsSession = matchesAny(pathname, SIGNED_IN_PATHS) || matchesAny(pathname, ONBOARDING_PATHS);
  return needsSession && !session ? redirectTo("/login") : NextResponse.next();
}

// Next reads the matcher statically at build time, so it repeats the lists in routes.ts.
export const config = {
  matcher: [
    "/login",
    "/register",
    "/onboarding/:path*",
    "/pricing",
    "/dashboard/:path*",
    "/links/:path*",
    "/design/:path*",
    "/analytics/:path*",
    "/insights/:path*",
    "/settings/:path*",
    "/shop/:path*",
    "/audience/:path*",
    "/social-planner/:path*",
    "/instagram-auto-reply/:path*",
    "/link-shortener/:path*",
    "/post-ideas/:path*",
  ],
};
