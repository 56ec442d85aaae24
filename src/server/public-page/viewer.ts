import type { IncomingMessage } from "node:http";
import { decode } from "next-auth/jwt";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function cookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The signed-in user looking at a page, from the web app's session cookie; null for visitors. */
export async function viewerId(request: IncomingMessage): Promise<string | null> {
  const token = SESSION_COOKIES.map((name) => cookie(request, name)).find(Boolean);
  if (!token || !process.env.AUTH_SECRET) return null;
  try {
    const session = await decode({ token, secret: process.env.AUTH_SECRET });
    return session?.sub ?? null;
  } catch {
    return null;
  }
}
