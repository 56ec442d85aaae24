import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { z } from "zod";
import type { PrismaClient } from "@/generated/prisma/client";
import type { tokens } from "@/lib/openapi/schemas";
import { ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { derivedKey } from "./keys";
import {
  checkSession,
  PASSWORD_ONLY,
  revokeSession,
  startSession,
  type SessionIdentity,
  type SignInDevice,
  type SignInProof,
} from "./sessions";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
const ISSUER = "linkbio";
const AUDIENCE = "linkbio-api";

export type TokenPair = z.infer<typeof tokens>;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** An access token speaks for one session: ending the session ends the token at once. */
export function signAccessToken(userId: string, sessionId: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: "access", sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(derivedKey("access-token"));
}

/** The user and session an access token speaks for, or null when it is invalid, expired or its session ended. */
export async function verifyAccessToken(db: PrismaClient, token: string, now = new Date()): Promise<SessionIdentity | null> {
  let claims: JWTPayload;
  try {
    const { payload } = await jwtVerify(token, derivedKey("access-token"), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
    });
    claims = payload;
  } catch {
    return null;
  }
  return claims.typ === "access" ? checkSession(db, claims, now) : null;
}

async function createRefreshToken(db: PrismaClient, userId: string, familyId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.refreshToken.create({
    data: {
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    },
  });
  return token;
}

/** An API sign-in: a new session whose refresh-token family is the session itself. */
export async function issueTokenPair(
  db: PrismaClient,
  userId: string,
  device: SignInDevice,
  now = new Date(),
  proof: SignInProof = PASSWORD_ONLY,
): Promise<TokenPair> {
  const sessionId = await startSession(db, userId, "api", device, proof);
  return {
    access: await signAccessToken(userId, sessionId, now),
    refresh: await createRefreshToken(db, userId, sessionId, now),
  };
}

const invalidRefresh = () => new ServiceError("UNAUTHORIZED", "Invalid or expired refresh token");

/**
 * Trades a refresh token for a new pair. A token is good once: presenting it again means it
 * leaked, so its whole family is revoked and the holder must log in again.
 */
export async function rotateRefreshToken(
  db: PrismaClient,
  token: string,
  clientIp: string | null,
  now = new Date(),
): Promise<TokenPair & { userId: string }> {
  await assertWithinLimit("refresh", clientIp);
  const claimed = await db.refreshToken.updateMany({
    where: { token_hash: hashToken(token), used_at: null, revoked_at: null, expires_at: { gt: now } },
    data: { used_at: now },
  });
  const row = await db.refreshToken.findUnique({ where: { token_hash: hashToken(token) } });
  if (!row) throw invalidRefresh();
  if (claimed.count === 0) {
    if (row.used_at && !row.revoked_at) await revokeSession(db, row.user_id, row.family_id, now);
    throw invalidRefresh();
  }
  return {
    userId: row.user_id,
    access: await signAccessToken(row.user_id, row.family_id, now),
    refresh: await createRefreshToken(db, row.user_id, row.family_id, now),
  };
}

/** Log-out: the presented token's session ends. Unknown tokens are ignored: clients ignore log-out errors. */
export async function revokeRefreshToken(db: PrismaClient, token: string, now = new Date()): Promise<void> {
  const row = await db.refreshToken.findUnique({ where: { token_hash: hashToken(token) } });
  if (row) await revokeSession(db, row.user_id, row.family_id, now);
}
