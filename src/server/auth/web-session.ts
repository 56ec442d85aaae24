import { decode } from "next-auth/jwt";
import type { PrismaClient } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { checkSession, type SessionIdentity } from "@/server/services/auth/sessions";
import { usesSecureCookies } from "./secure-cookies";
import { sessionCookieFrom } from "./session-cookie";
import { env } from "@/server/config/env";

/** The web session a request's cookie carries (over https the prefixed cookie only), only while that session is live on the server. */
export async function webSessionFrom(headers: Headers, database: PrismaClient = db()): Promise<SessionIdentity | null> {
  const token = sessionCookieFrom(headers.get("cookie"), usesSecureCookies(headers));
  const secret = env.AUTH_SECRET;
  if (!token || !secret) return null;
  try {
    const claims = await decode({ token, secret });
    return claims ? await checkSession(database, claims) : null;
  } catch {
    return null;
  }
}
