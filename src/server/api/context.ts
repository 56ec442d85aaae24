import { getServerSession } from "next-auth";
import type { PrismaClient } from "@/generated/prisma/client";
import { authOptions } from "@/server/auth/options";
import { db } from "@/server/db/client";
import { clientIpFrom } from "@/server/http/client-ip";
import { verifyAccessToken } from "@/server/services/auth/tokens";

export interface Context {
  db: PrismaClient;
  userId: string | null;
  clientIp: string | null;
  headers: Headers;
}

/** The REST client's bearer token wins; otherwise the web app's cookie session. */
export async function createContext({ headers }: { headers: Headers }): Promise<Context> {
  const authorization = headers.get("authorization");
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const userId = bearer
    ? await verifyAccessToken(bearer)
    : ((await getServerSession(authOptions))?.user?.id ?? null);
  return { db: db(), userId, clientIp: clientIpFrom(headers), headers };
}
