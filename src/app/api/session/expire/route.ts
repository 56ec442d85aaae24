import { cookies } from "next/headers";
import { SESSION_COOKIE_NAMES } from "@/server/auth/session-cookie";

export const dynamic = "force-dynamic";

/** Clears a cookie whose session has ended, so the guards cannot bounce between /login and /dashboard. */
export async function GET() {
  const jar = await cookies();
  // Browsers accept a __Secure- cookie, even an expired one, only with the Secure attribute.
  for (const name of SESSION_COOKIE_NAMES) jar.set(name, "", { path: "/", maxAge: 0, secure: name.startsWith("__Secure-") });
  // A relative Location: the browser stays on the address it used, whatever Host it sent.
  return new Response(null, { status: 307, headers: { location: "/login" } });
}
