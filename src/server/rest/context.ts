import type { Context } from "@/server/api/context";
import { getDatabase } from "@/server/db/client";
import { clientIpFrom } from "@/server/http/client-ip";
import { verifyAccessToken } from "@/server/services/auth/tokens";

export interface RestContext {
  context: Context;
  /** A Bearer token was sent but is invalid or expired. */
  invalidBearer: boolean;
}

/**
 * REST is Bearer-only: unlike the tRPC context, the cookie session is never consulted, so an
 * invalid or expired token is a 401 even from a browser that is signed in to the web app.
 * Calls that never need a user ("none") skip the token altogether.
 */
export async function restContext(headers: Headers, auth: "bearer" | "optional" | "none"): Promise<RestContext> {
  const bearer = auth === "none" ? undefined : headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const { prisma: database, sql } = getDatabase();
  const session = bearer ? await verifyAccessToken(database, bearer) : null;
  const forwarded = new Headers(headers);
  forwarded.delete("cookie");
  return {
    context: {
      db: database,
      sql,
      userId: session?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      clientIp: clientIpFrom(headers),
      headers: forwarded,
    },
    invalidBearer: Boolean(bearer) && session === null && auth === "bearer",
  };
}
