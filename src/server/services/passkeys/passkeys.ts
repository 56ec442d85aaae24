import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import type { PrismaClient, User } from "@/generated/prisma/client";
import type { PasskeyAuthenticationResponse, PasskeySummary, registerPasskeyInput } from "@/lib/schemas/passkey";
import { parseUserAgent } from "../analytics/visitor";
import { getUser } from "../auth/accounts";
import { ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { consumeChallenge, rememberChallenge } from "./challenges";
import { relyingParty } from "./relying-party";

export const PASSKEY_NOT_ADDED = "The passkey could not be added. Please try again.";
export const PASSKEY_SIGN_IN_FAILED = "Passkey sign-in failed. Please try again.";

const notAdded = () => new ServiceError("BAD_REQUEST", PASSKEY_NOT_ADDED);
const signInFailed = () => new ServiceError("UNAUTHORIZED", PASSKEY_SIGN_IN_FAILED);

/** Discoverable credentials with user verification: the passkey alone names and proves the account. */
export async function passkeyRegistrationOptions(db: PrismaClient, userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await getUser(db, userId);
  const existing = await db.passkey.findMany({ where: { user_id: userId }, select: { credential_id: true, transports: true } });
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim() || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await rememberChallenge(db, options.challenge, userId);
  return options;
}

/** A name for a passkey nobody named: the browser and system it was added on. */
function defaultName(userAgent: string | null): string {
  const agent = parseUserAgent(userAgent);
  return agent.browser && agent.os ? `${agent.browser} on ${agent.os}` : "Passkey";
}

export async function registerPasskey(
  db: PrismaClient,
  userId: string,
  input: z.infer<typeof registerPasskeyInput>,
  userAgent: string | null,
): Promise<PasskeySummary> {
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw notAdded();
  }
  if (!verification.verified) throw notAdded();
  const { credential } = verification.registrationInfo;
  try {
    const passkey = await db.passkey.create({
      data: {
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name: (input.name ?? defaultName(userAgent)).slice(0, 64),
      },
    });
    return toSummary(passkey);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw new ServiceError("CONFLICT", "This passkey is already registered");
    throw error;
  }
}

function toSummary(passkey: { id: string; name: string; created_at: Date; last_used_at: Date | null }): PasskeySummary {
  return { id: passkey.id, name: passkey.name, created_at: passkey.created_at, last_used_at: passkey.last_used_at };
}

export async function listPasskeys(db: PrismaClient, userId: string): Promise<PasskeySummary[]> {
  const passkeys = await db.passkey.findMany({ where: { user_id: userId }, orderBy: { created_at: "asc" } });
  return passkeys.map(toSummary);
}

export async function removePasskey(db: PrismaClient, userId: string, passkeyId: string): Promise<void> {
  const removed = await db.passkey.deleteMany({ where: { id: passkeyId, user_id: userId } });
  if (removed.count === 0) throw new ServiceError("NOT_FOUND", "Passkey not found");
}

/**
 * Sign-in options name no account: the browser offers the passkeys it holds for this site. Each
 * stores a challenge, so they count against the address's log-in limit.
 */
export async function passkeySignInOptions(db: PrismaClient, clientIp: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await assertWithinLimit("password", clientIp);
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required" });
  await rememberChallenge(db, options.challenge, null);
  return options;
}

/** Options for proving it is you again: only this account's passkeys, with a challenge issued to it. */
export async function passkeyConfirmOptions(db: PrismaClient, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await db.passkey.findMany({ where: { user_id: userId }, select: { credential_id: true, transports: true } });
  if (passkeys.length === 0) throw new ServiceError("BAD_REQUEST", "This account has no passkey");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "required",
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credential_id,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    })),
  });
  await rememberChallenge(db, options.challenge, userId);
  return options;
}

/**
 * The account a passkey's signed answer proves; both factors at once (possession and user
 * verification). `challengeOwner` is null for a sign-in, the account's id when it confirms who it is.
 */
async function verifyPasskeyAnswer(
  db: PrismaClient,
  response: PasskeyAuthenticationResponse,
  challengeOwner: string | null,
  now: Date,
): Promise<User> {
  const passkey = await db.passkey.findUnique({ where: { credential_id: response.id }, include: { user: true } });
  if (!passkey || (challengeOwner !== null && passkey.user_id !== challengeOwner)) throw signInFailed();
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, challengeOwner, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw signInFailed();
  }
  if (!verification.verified) throw signInFailed();
  await db.passkey.update({
    where: { id: passkey.id },
    data: { counter: BigInt(verification.authenticationInfo.newCounter), last_used_at: now },
  });
  return passkey.user;
}

export function verifyPasskeySignIn(db: PrismaClient, response: PasskeyAuthenticationResponse, now = new Date()): Promise<User> {
  return verifyPasskeyAnswer(db, response, null, now);
}

/** The signed-in account's own passkey answered its confirmation challenge. */
export async function verifyOwnPasskey(
  db: PrismaClient,
  userId: string,
  response: PasskeyAuthenticationResponse,
  now = new Date(),
): Promise<void> {
  await verifyPasskeyAnswer(db, response, userId, now);
}
