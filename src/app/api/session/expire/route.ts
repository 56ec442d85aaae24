import { cookies } from "next/headers";

export const dynamic = "force-dynamic";

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/** Ends a session whose account no longer exists, so the guards cannot bounce between /login and /dashboard. */
export async function GET() {
  const jar = await cookies();
  for (const name of SESSION_COOKIES) jar.delete(name);
  // A relative Location: the browser stays on the address it used, whatever Host it sent.
  return new Response(null, { status: 307, headers: { location: "/login" } });
}
