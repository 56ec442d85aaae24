// What each account event ends, in one place: every credential or pending change an event should end is
// listed here, so a new kind of credential is added once and every event that must end it does.
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { EmailTokenPurpose } from "./email-tokens";
import { markSessionsEnded } from "./session-cache";
import { revokeSessionsIn } from "./sessions";

export type CredentialEvent =
  /** The address was proven by someone other than who set the account up (Google sign-in or a reset of an unverified account). */
  | "takeover"
  | "passwordChanged"
  | "passwordReset"
  /** A verification link was opened: changes asked for before the owner proved the address end. */
  | "addressVerified"
  | "addressChanged"
  /** The old address undid a change: whatever was added since the change was asked for goes. */
  | "addressReverted"
  | "twoFactorOn"
  | "twoFactorOff";

type Credential =
  | "password"
  | "sessions"
  | "otherSessions"
  | "apiTokens"
  | "apiTokensSince"
  | EmailTokenPurpose
  | "passkeys"
  | "passkeysSince"
  | "twoFactor"
  | "twoFactorSince"
  /** Outbound channels of the account's data (docs/api.md#webhooks): a side door for whoever set them up. */
  | "webhooks"
  | "webhooksSince";

const EVERY_EMAIL_LINK: Credential[] = ["reset", "verify", "change", "revert"];

const ENDS: Record<CredentialEvent, readonly Credential[]> = {
  takeover: ["password", "sessions", "apiTokens", ...EVERY_EMAIL_LINK, "passkeys", "twoFactor", "webhooks"],
  // A revert link outlives these: whoever changed the address may change the password next.
  passwordChanged: ["sessions", "apiTokens", "reset", "change"],
  passwordReset: ["sessions", "apiTokens", "reset", "change"],
  addressVerified: ["change"],
  addressChanged: ["reset", "verify"],
  addressReverted: ["sessions", "apiTokensSince", ...EVERY_EMAIL_LINK, "passkeysSince", "twoFactorSince", "webhooksSince"],
  twoFactorOn: ["otherSessions"],
  twoFactorOff: ["twoFactor"],
};

export interface EventScope {
  /** The session that made the change, kept by events that end only the others. */
  sessionId?: string | null;
  /** For "…Since" credentials: the moment from which additions are undone. */
  since?: Date;
  now?: Date;
}

type Tx = Prisma.TransactionClient;

async function endTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx.twoFactorSecret.deleteMany({ where: { user_id: userId } });
  await tx.recoveryCode.deleteMany({ where: { user_id: userId } });
  await tx.twoFactorTicket.deleteMany({ where: { user_id: userId } });
  await tx.userSettings.updateMany({ where: { user_id: userId }, data: { two_factor_enabled: false } });
}

/** Two-factor set up, turned on or given new recovery codes since then. */
async function twoFactorChangedSince(tx: Tx, userId: string, since: Date): Promise<boolean> {
  const secret = await tx.twoFactorSecret.findUnique({ where: { user_id: userId } });
  if (secret && (secret.created_at >= since || (secret.enabled_at ?? since) >= since)) return true;
  return (await tx.recoveryCode.count({ where: { user_id: userId, created_at: { gte: since } } })) > 0;
}

async function end(tx: Tx, userId: string, credential: Credential, scope: Required<Pick<EventScope, "now">> & EventScope) {
  const { now } = scope;
  const since = scope.since ?? now;
  switch (credential) {
    case "password":
      await tx.user.update({ where: { id: userId }, data: { password_hash: null } });
      return [];
    case "sessions":
      return revokeSessionsIn(tx, userId, null, now);
    case "otherSessions":
      return revokeSessionsIn(tx, userId, scope.sessionId ? { notId: scope.sessionId } : null, now);
    case "apiTokens":
      await tx.apiToken.deleteMany({ where: { user_id: userId } });
      return [];
    case "apiTokensSince":
      await tx.apiToken.deleteMany({ where: { user_id: userId, created_at: { gte: since } } });
      return [];
    case "reset":
    case "verify":
    case "change":
    case "revert":
      await tx.emailToken.updateMany({ where: { user_id: userId, purpose: credential, used_at: null }, data: { used_at: now } });
      return [];
    case "passkeys":
      await tx.passkey.deleteMany({ where: { user_id: userId } });
      return [];
    case "passkeysSince":
      await tx.passkey.deleteMany({ where: { user_id: userId, created_at: { gte: since } } });
      return [];
    case "twoFactor":
      await endTwoFactor(tx, userId);
      return [];
    case "twoFactorSince":
      if (await twoFactorChangedSince(tx, userId, since)) await endTwoFactor(tx, userId);
      return [];
    case "webhooks":
      await tx.webhook.deleteMany({ where: { user_id: userId } });
      return [];
    case "webhooksSince":
      await tx.webhook.deleteMany({ where: { user_id: userId, created_at: { gte: since } } });
      return [];
  }
}

/** Ends, inside the caller's transaction, what the event ends; returns the ended sessions for `sessionsEnded`. */
export async function endCredentialsIn(tx: Tx, userId: string, event: CredentialEvent, scope: EventScope = {}): Promise<string[]> {
  const now = scope.now ?? new Date();
  const ended: string[] = [];
  for (const credential of ENDS[event]) ended.push(...(await end(tx, userId, credential, { ...scope, now })));
  return ended;
}

/** After the transaction commits: this instance stops honouring the ended sessions at once. */
export function sessionsEnded(ids: string[], now = new Date()): void {
  markSessionsEnded(ids, now.getTime());
}

/** How an event happens: `claim` first (e.g. use up the link that caused it), then the endings, then `apply` (the change itself). */
export interface EventSteps<T> {
  claim?: (tx: Tx) => Promise<void>;
  apply?: (tx: Tx) => Promise<T>;
}

/** The event's steps and what it ends, in one transaction. */
export async function credentialEvent<T>(
  db: PrismaClient,
  userId: string,
  event: CredentialEvent,
  scope: EventScope = {},
  steps: EventSteps<T> = {},
): Promise<T | undefined> {
  const now = scope.now ?? new Date();
  const { result, ended } = await db.$transaction(async (tx) => {
    await steps.claim?.(tx);
    const ended = await endCredentialsIn(tx, userId, event, { ...scope, now });
    return { result: steps.apply ? await steps.apply(tx) : undefined, ended };
  });
  sessionsEnded(ended, now);
  return result;
}
