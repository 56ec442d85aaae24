import { createHash, randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { PrismaClient } from "@/generated/prisma/client";
import { ServiceError } from "../errors";
import { derivedKey } from "./keys";

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
const ISSUER = "linkbio";
const AUDIENCE = "linkbio-api";

export interface TokenPair {
  access: string;
  refresh: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function signAccessToken(userId: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(derivedKey("access-token"));
}

/** The user id an access token speaks for, or null when it is invalid or expired. */
export async function verifyAccessToken(token: string, now = new Date()): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, derivedKey("access-token"), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
    });
    return payload.typ === "access" && payload.sub ? payload.sub : null;
  } catch {
    return null;
  }
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

export async function issueTokenPair(db: PrismaClient, userId: string, now = new Date()): Promise<TokenPair> {
  return {
    access: await signAccessToken(userId, now),
    refresh: await createRefreshToken(db, userId, randomUUID(), now),
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
  now = new Date(),
): Promise<TokenPair & { userId: string }> {
  const claimed = await db.refreshToken.updateMany({
    where: { token_hash: hashToken(token), used_at: null, revoked_at: null, expires_at: { gt: now } },
    data: { used_at: now },
  });
  const row = await db.refreshToken.findUnique({ where: { token_hash: hashToken(token) } });
  if (!row) throw invalidRefresh();
  if (claimed.count === 0) {
    if (row.used_at && !row.revoked_at) await revokeFamily(db, row.family_id, now);
    throw invalidRefresh();
  }
  return {
    userId: row.user_id,
    access: await signAccessToken(row.user_id, now),
    refresh: await createRefreshToken(db, row.user_id, row.family_id, now),
  };
}

async function revokeFamily(db: PrismaClient, familyId: string, now: Date): Promise<void> {
  await db.refreshToken.updateMany({ where: { family_id: familyId, revoked_at: null }, data: { revoked_at: now } });
}

/** Log-out: the presented token's family ends. Unknown tokens are ignored, as the spec's clients expect. */
export async function revokeRefreshToken(db: PrismaClient, token: string, now = new Date()): Promise<void> {
  const row = await db.refreshToken.findUnique({ where: { token_hash: hashToken(token) } });
  if (row) await revokeFamily(db, row.family_id, now);
}

export async function revokeAllRefreshTokens(db: PrismaClient, userId: string, now = new Date()): Promise<void> {
  await db.refreshToken.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: now } });
}
