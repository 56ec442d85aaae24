import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { GUEST_ONLY_PATHS, matchesAny, ONBOARDING_PATHS, SIGNED_IN_PATHS } from "@/server/auth/routes";

/**
 * Session guards, answered with real redirects before any rendering. Onboarding state lives
 * in the database, so the signed-in layout (not this) sends unfinished users to /onboarding.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const token = await getToken({ req: request, secret: process.env.AUTH_SECRET });
  const redirectTo = (path: string) => NextResponse.redirect(new URL(path, request.url));

  if (matchesAny(pathname, GUEST_ONLY_PATHS)) return token ? redirectTo("/dashboard") : NextResponse.next();
  const needsSession = matchesAny(pathname, SIGNED_IN_PATHS) || matchesAny(pathname, ONBOARDING_PATHS);
  return needsSession && !token ? redirectTo("/login") : NextResponse.next();
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
    "/help/:path*",
    "/shop/:path*",
    "/audience/:path*",
    "/social-planner/:path*",
    "/instagram-auto-reply/:path*",
    "/link-shortener/:path*",
    "/post-ideas/:path*",
  ],
};
