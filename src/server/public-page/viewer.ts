import type { IncomingMessage } from "node:http";
import { hasSessionCookie } from "@/server/auth/session-cookie";
import { webSessionFrom } from "@/server/auth/web-session";
import { getDatabase } from "@/server/db/client";
import { verifyAccessToken } from "@/server/services/auth/tokens";

/** Whether the request carries any credentials (a cheap test before they are checked). */
export function carriesCredentials(request: IncomingMessage): boolean {
  return /^bearer\s/i.test(request.headers.authorization ?? "") || hasSessionCookie(request.headers.cookie);
}

/** The signed-in user looking at a page or clicking: a live access token or web session; null for visitors and ended sessions. */
export async function viewerId(request: IncomingMessage): Promise<string | null> {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (bearer) return (await verifyAccessToken(getDatabase().prisma, bearer))?.userId ?? null;
  const headers = new Headers();
  for (const name of ["cookie", "x-forwarded-proto"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return (await webSessionFrom(headers))?.userId ?? null;
}
