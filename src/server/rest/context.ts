import type { Context } from "@/server/api/context";
import { getDatabase } from "@/server/db/client";
import { clientIpFrom } from "@/server/http/client-ip";
import { isApiToken, verifyApiToken } from "@/server/services/auth/api-tokens";
import type { ApiTokenIdentity } from "@/server/services/auth/api-tokens";
import type { SessionIdentity } from "@/server/services/auth/sessions";
import { verifyAccessToken } from "@/server/services/auth/tokens";

export interface RestContext {
  context: Context;
  /** A Bearer token was sent but is invalid or expired. */
  invalidBearer: boolean;
}

/** A sign-in's access token (JWT) or an integration's API token (`lb_…`), whichever the bearer is. */
async function identityOf(bearer: string): Promise<{ session: SessionIdentity | null; apiToken: ApiTokenIdentity | null }> {
  const { prisma: database } = getDatabase();
  if (isApiToken(bearer)) {
    const apiToken = await verifyApiToken(database, bearer);
    return { session: null, apiToken };
  }
  return { session: await verifyAccessToken(database, bearer), apiToken: null };
}

/**
 * REST is Bearer-only: unlike the tRPC context, the cookie session is never consulted, so an
 * invalid or expired token is a 401 even from a browser that is signed in to the web app.
 * Calls that never need a user ("none") skip the token altogether.
 */
export async function restContext(headers: Headers, auth: "bearer" | "optional" | "none"): Promise<RestContext> {
  const bearer = auth === "none" ? undefined : headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const { prisma: database, sql } = getDatabase();
  const { session, apiToken } = bearer ? await identityOf(bearer) : { session: null, apiToken: null };
  const forwarded = new Headers(headers);
  forwarded.delete("cookie");
  return {
    context: {
      db: database,
      sql,
      userId: session?.userId ?? apiToken?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      apiToken,
      clientIp: clientIpFrom(headers),
      headers: forwarded,
    },
    invalidBearer: Boolean(bearer) && session === null && apiToken === null && auth === "bearer",
  };
}
