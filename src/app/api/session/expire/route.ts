import { cookies } from "next/headers";
import { NextResponse } from "next/server";

export const dynamic = "force-dynamic";

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/** Ends a session whose account no longer exists, so the guards cannot bounce between /login and /dashboard. */
export async function GET(request: Request) {
  const jar = await cookies();
  for (const name of SESSION_COOKIES) jar.delete(name);
  return NextResponse.redirect(new URL("/login", request.url));
}
