import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { signInMethod, type ActiveSession, type SessionKind, type SignInMethod } from "@/lib/schemas/session";
import { ServiceError } from "../errors";
import { countryOf, parseUserAgent } from "../analytics/visitor";
import { cachedSessionOwner, markSessionsEnded, rememberSessionOwner } from "./session-cache";

/** A session unused this long is over: the cookie and the refresh tokens expire by then. */
export const SESSION_DAYS = 30;
/** "Last active" is written at most this often per session. */
const LAST_ACTIVE_STEP_MS = 60_000;

/** A request that presented a live session. */
export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

/** Where a sign-in came from; only browser, OS and country are kept, never the address. */
export interface SignInDevice {
  userAgent: string | null;
  clientIp: string | null;
  headers: Record<string, string | string[] | undefined>;
}

/** How a sign-in was proven; a passkey counts as both factors. */
export interface SignInProof {
  method: SignInMethod;
  two_factor: boolean;
}

export const PASSWORD_ONLY: SignInProof = { method: "password", two_factor: false };

export function signInDevice(headers: Headers, clientIp: string | null): SignInDevice {
  return { userAgent: headers.get("user-agent"), clientIp, headers: Object.fromEntries(headers) };
}

export async function startSession(
  db: PrismaClient,
  userId: string,
  kind: SessionKind,
  device: SignInDevice,
  proof: SignInProof = PASSWORD_ONLY,
): Promise<string> {
  const agent = parseUserAgent(device.userAgent);
  const session = await db.session.create({
    data: {
      user_id: userId,
      kind,
      method: proof.method,
      two_factor: proof.two_factor,
      browser: agent.browser.slice(0, 100),
      os: agent.os.slice(0, 100),
      country: countryOf(device.clientIp, device.headers),
    },
  });
  rememberSessionOwner(session.id, userId, Date.now());
  return session.id;
}

const activeSince = (now: Date) => new Date(now.getTime() - SESSION_DAYS * 86_400_000);

/** The session's owner while it is live, else null. Cached briefly; marks it active about once a minute. */
async function liveSessionOwner(db: PrismaClient, sessionId: string, now = new Date()): Promise<string | null> {
  const cached = cachedSessionOwner(sessionId, now.getTime());
  if (cached !== undefined) return cached;
  const session = await db.session.findUnique({ where: { id: sessionId } });
  const live = session && !session.revoked_at && session.last_active_at > activeSince(now) ? session : null;
  if (live && now.getTime() - live.last_active_at.getTime() >= LAST_ACTIVE_STEP_MS) {
    await db.session.updateMany({ where: { id: live.id, revoked_at: null }, data: { last_active_at: now } });
  }
  rememberSessionOwner(sessionId, live?.user_id ?? null, now.getTime());
  return live?.user_id ?? null;
}

/** Confirms that a token's claims name a live session of the user it speaks for. */
export async function checkSession(
  db: PrismaClient,
  claims: { sub?: unknown; sid?: unknown },
  now = new Date(),
): Promise<SessionIdentity | null> {
  if (typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
  const owner = await liveSessionOwner(db, claims.sid, now);
  return owner === claims.sub ? { userId: owner, sessionId: claims.sid } : null;
}

type Db = PrismaClient | Prisma.TransactionClient;
/** Which of an account's sessions a revocation ends. */
export type SessionChoice = { id: string } | { notId: string } | null;

/**
 * Ends the chosen live sessions of one account with their refresh tokens (each session's family),
 * inside the caller's transaction; returns their ids for markSessionsEnded once it commits.
 */
export async function revokeSessionsIn(db: Db, userId: string, only: SessionChoice, now: Date): Promise<string[]> {
  const chosen = only === null ? {} : "id" in only ? { id: only.id } : { id: { not: only.notId } };
  const ended = await db.session.findMany({ where: { user_id: userId, revoked_at: null, ...chosen }, select: { id: true } });
  const ids = ended.map((session) => session.id);
  await db.session.updateMany({ where: { id: { in: ids }, revoked_at: null }, data: { revoked_at: now } });
  await db.refreshToken.updateMany({
    // By family, not by the sessions found: refresh tokens issued before sessions existed end too.
    where: {
      user_id: userId,
      revoked_at: null,
      ...(only === null ? {} : "id" in only ? { family_id: only.id } : { family_id: { not: only.notId } }),
    },
    data: { revoked_at: now },
  });
  return ids;
}

async function revokeSessions(db: PrismaClient, userId: string, only: SessionChoice, now: Date): Promise<void> {
  const ids = await db.$transaction((tx) => revokeSessionsIn(tx, userId, only, now));
  markSessionsEnded(ids, now.getTime());
}

/** Sign-out of one session of the account; an unknown or ended one is ignored. */
export function revokeSession(db: PrismaClient, userId: string, sessionId: string, now = new Date()): Promise<void> {
  return revokeSessions(db, userId, { id: sessionId }, now);
}

/** Every session, access token and refresh token of the account stops working. */
export function revokeAllSessions(db: PrismaClient, userId: string, now = new Date()): Promise<void> {
  return revokeSessions(db, userId, null, now);
}

export function revokeOtherSessions(db: PrismaClient, userId: string, keepSessionId: string, now = new Date()): Promise<void> {
  return revokeSessions(db, userId, { notId: keepSessionId }, now);
}

const notFound = () => new ServiceError("NOT_FOUND", "Session not found");

/** Ends one of the user's own live sessions; anyone else's is "not found". */
export async function revokeOwnSession(db: PrismaClient, userId: string, sessionId: string, now = new Date()): Promise<void> {
  const session = await db.session.findUnique({ where: { id: sessionId } });
  if (!session || session.user_id !== userId || session.revoked_at) throw notFound();
  await revokeSession(db, userId, sessionId, now);
}

/** The account's live sessions, most recently active first; `current` marks the caller's own. */
export async function listSessions(
  db: PrismaClient,
  userId: string,
  currentSessionId: string | null,
  now = new Date(),
): Promise<ActiveSession[]> {
  const sessions = await db.session.findMany({
    where: { user_id: userId, revoked_at: null, last_active_at: { gt: activeSince(now) } },
    orderBy: { last_active_at: "desc" },
  });
  return sessions.map((session) => ({
    id: session.id,
    kind: session.kind === "api" ? "api" : "web",
    method: signInMethod.safeParse(session.method).data ?? "password",
    two_factor: session.two_factor,
    browser: session.browser,
    os: session.os,
    country: session.country,
    created_at: session.created_at,
    last_active_at: session.last_active_at,
    current: session.id === currentSessionId,
  }));
}
