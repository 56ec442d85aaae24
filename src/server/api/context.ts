import type { PrismaClient } from "@/generated/prisma/client";
import { webSessionFrom } from "@/server/auth/web-session";
import { getDatabase } from "@/server/db/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { clientIpFrom } from "@/server/http/client-ip";
import type { ApiTokenIdentity } from "@/server/services/auth/api-tokens";
import { verifyAccessToken } from "@/server/services/auth/tokens";

export interface Context {
  db: PrismaClient;
  /** The same database for raw SQL (analytics), so a caller's database is the one every procedure reads. */
  sql: SqlTarget;
  userId: string | null;
  /** The live session the request presented (web cookie or access token); absent for scripts and tests. */
  sessionId?: string | null;
  /** The API token (`lb_…`) the request presented over REST: its scopes bound what it may call. */
  apiToken?: ApiTokenIdentity | null;
  clientIp: string | null;
  headers: Headers;
}

/** The REST client's bearer token wins; otherwise the web app's cookie session. Either counts only while its session is live. */
export async function createContext({ headers }: { headers: Headers }): Promise<Context> {
  const { prisma: database, sql } = getDatabase();
  const bearer = headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  const session = bearer ? await verifyAccessToken(database, bearer) : await webSessionFrom(headers, database);
  return {
    db: database,
    sql,
    userId: session?.userId ?? null,
    sessionId: session?.sessionId ?? null,
    clientIp: clientIpFrom(headers),
    headers,
  };
}
