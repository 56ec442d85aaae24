import type { Prisma, PrismaClient, User } from "@/generated/prisma/client";
import type { AuthUser, LoginInput, RegisterInput } from "@/lib/schemas/auth";
import { notAuthenticated, ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { clearFailedLogins, takeLoginAttempt } from "./login-throttle";
import { credentialEvent } from "./credential-events";
import { burnVerificationTime, hashPassword, verifyPassword } from "./password";

export const INVALID_CREDENTIALS = "Invalid credentials";
export const EMAIL_TAKEN = "An account with this email already exists";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    first_name: user.first_name,
    last_name: user.last_name,
    onboarding_completed: user.onboarding_completed,
  };
}

// Checked by code, not class: the custom server and Next's bundle each load their own Prisma runtime.
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export async function registerAccount(db: PrismaClient, input: RegisterInput, clientIp: string | null): Promise<User> {
  await assertWithinLimit("password", clientIp);
  const email = normalizeEmail(input.email);
  const password_hash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: {
        email,
        password_hash,
        first_name: input.first_name?.trim() ?? "",
        last_name: input.last_name?.trim() ?? "",
        settings: { create: {} },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError("CONFLICT", EMAIL_TAKEN, { fields: { email: [EMAIL_TAKEN] } });
    }
    throw error;
  }
}

/** Checks email and password; the same message for an unknown email and a wrong password. */
export async function authenticate(db: PrismaClient, input: LoginInput, clientIp: string | null): Promise<User> {
  await assertWithinLimit("password", clientIp);
  const email = normalizeEmail(input.email);
  await takeLoginAttempt(db, email, clientIp);
  const user = await db.user.findUnique({ where: { email } });
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await burnVerificationTime(input.password), false);
  if (!user || !valid) {
    throw new ServiceError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  await clearFailedLogins(db, email, clientIp);
  return user;
}

export async function getUser(db: PrismaClient, userId: string): Promise<User> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notAuthenticated();
  return user;
}

/**
 * Sets a new password for a caller who proved who they are (sudo mode checks `current_password`).
 * Whoever knew the old password may hold a session or a link: every session, this one included,
 * every reset link and every pending change of address ends.
 */
export async function changePassword(db: PrismaClient, userId: string, input: { new_password: string }): Promise<void> {
  await getUser(db, userId);
  const password_hash = await hashPassword(input.new_password);
  await credentialEvent(
    db,
    userId,
    "passwordChanged",
    {},
    { apply: (tx) => tx.user.update({ where: { id: userId }, data: { password_hash } }) },
  );
}

/**
 * Attaches a Google identity to the account registered with its email. When nobody proved control of
 * a password account's email, whoever registered it may not be its owner: the Google user (who proved
 * it) takes the account over alone, and everything the registrant set up ends (see credential-events).
 * An account whose address was verified belongs to that address's owner already, so it is linked as it is.
 */
async function attachGoogleIdentity(db: PrismaClient, account: User, sub: string): Promise<User> {
  const link = (tx: Prisma.TransactionClient) =>
    tx.user.update({ where: { id: account.id }, data: { google_sub: sub, email_verified_at: account.email_verified_at ?? new Date() } });
  if (account.email_verified_at) return link(db);
  return (await credentialEvent(db, account.id, "takeover", {}, { apply: link }))!;
}

/** Finds the account for a verified Google identity, linking by email, or creates one. */
export async function findOrCreateGoogleAccount(
  db: PrismaClient,
  identity: { sub: string; email: string; given_name?: string; family_name?: string },
): Promise<{ user: User; created: boolean }> {
  const email = normalizeEmail(identity.email);
  const linked = await db.user.findUnique({ where: { google_sub: identity.sub } });
  if (linked) return { user: linked, created: false };
  const byEmail = await db.user.findUnique({ where: { email } });
  if (byEmail) return { user: await attachGoogleIdentity(db, byEmail, identity.sub), created: false };
  try {
    const user = await db.user.create({
      data: {
        email,
        google_sub: identity.sub,
        first_name: identity.given_name ?? "",
        last_name: identity.family_name ?? "",
        email_verified_at: new Date(),
        settings: { create: {} },
      },
    });
    return { user, created: true };
  } catch (error) {
    // Two first sign-ins at once: the other request created the account.
    if (isUniqueViolation(error)) return findOrCreateGoogleAccount(db, identity);
    throw error;
  }
}
