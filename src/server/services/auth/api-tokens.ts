import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import {
  API_TOKEN_PREFIX,
  apiScope,
  MAX_API_TOKENS,
  type ApiScope,
  type ApiTokenSummary,
  type CreateApiTokenInput,
  type CreatedApiToken,
  createApiTokenInput,
} from "@/lib/schemas/api-token";
import { ServiceError } from "../errors";

/** `last_used_at` is written at most this often per token, so a busy integration costs no write per call. */
const LAST_USED_STEP_MS = 60_000;

/** The token a request presented: who it speaks for and what it may do. */
export interface ApiTokenIdentity {
  tokenId: string;
  userId: string;
  scopes: ApiScope[];
}

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const live = (now: Date) => ({ OR: [{ expires_at: null }, { expires_at: { gt: now } }] });

function summaryOf(row: {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.flatMap((scope) => apiScope.safeParse(scope).data ?? []),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
  };
}

export function tokenLimitMessage(limit = MAX_API_TOKENS): string {
  return `An account can hold at most ${limit} API tokens. Revoke one to create another.`;
}

/** A new token; the secret is answered once and only its hash is kept. At most MAX_API_TOKENS live ones per account. */
export async function createApiToken(
  db: PrismaClient,
  userId: string,
  input: CreateApiTokenInput,
  now = new Date(),
): Promise<CreatedApiToken> {
  const { name, scopes, expires_in_days } = createApiTokenInput.parse(input);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db.$transaction(async (tx) => {
    // Serialises creations per account, so parallel requests cannot pass the limit together.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const count = await tx.apiToken.count({ where: { user_id: userId, ...live(now) } });
    if (count >= MAX_API_TOKENS) throw new ServiceError("BAD_REQUEST", tokenLimitMessage());
    return tx.apiToken.create({
      data: {
        user_id: userId,
        name,
        scopes: [...scopes],
        token_hash: hashOf(token),
        created_at: now,
        expires_at: expires_in_days === null ? null : new Date(now.getTime() + expires_in_days * 86_400_000),
      },
    });
  });
  const { last_used_at: _never, ...summary } = summaryOf(row);
  return { ...summary, token };
}

/** The account's live tokens, newest first, without secrets. */
export async function listApiTokens(db: PrismaClient, userId: string, now = new Date()): Promise<ApiTokenSummary[]> {
  const rows = await db.apiToken.findMany({ where: { user_id: userId, ...live(now) }, orderBy: [{ created_at: "desc" }, { id: "desc" }] });
  return rows.map(summaryOf);
}

/** Deletes one of the account's tokens; the next request that presents it fails, on every instance. */
export async function revokeApiToken(db: PrismaClient, userId: string, tokenId: string): Promise<void> {
  const { count } = await db.apiToken.deleteMany({ where: { id: tokenId, user_id: userId } });
  if (count === 0) throw new ServiceError("NOT_FOUND", "API token not found");
}

/**
 * The token's identity while it is live, else null. Read from the database on every request (no
 * cache), so a revocation anywhere holds at once; `last_used_at` moves about once a minute.
 */
export async function verifyApiToken(db: PrismaClient, token: string, now = new Date()): Promise<ApiTokenIdentity | null> {
  if (!isApiToken(token) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({ where: { token_hash: hashOf(token) } });
  if (!row || (row.expires_at && row.expires_at <= now)) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_STEP_MS) {
    await db.apiToken.updateMany({
      where: { id: row.id, OR: [{ last_used_at: null }, { last_used_at: { lt: new Date(now.getTime() - LAST_USED_STEP_MS) } }] },
      data: { last_used_at: now },
    });
  }
  return { tokenId: row.id, userId: row.user_id, scopes: summaryOf(row).scopes };
}
