import type { PrismaClient, User } from "@/generated/prisma/client";
import type { AuthUser, LoginInput, RegisterInput } from "@/lib/schemas/auth";
import { notAuthenticated, ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { assertNotThrottled, clearFailedLogins, recordFailedLogin } from "./login-throttle";
import { burnVerificationTime, hashPassword, verifyPassword } from "./password";
import { revokeAllApiTokens } from "./api-tokens";
import { revokeAllSessions } from "./sessions";

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
  await assertNotThrottled(db, email, clientIp);
  const user = await db.user.findUnique({ where: { email } });
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await burnVerificationTime(input.password), false);
  if (!user || !valid) {
    await recordFailedLogin(db, email, clientIp);
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

export async function changePassword(
  db: PrismaClient,
  userId: string,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const user = await getUser(db, userId);
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.current_password))) {
    const message = "Current password is incorrect";
    throw new ServiceError("BAD_REQUEST", message, { fields: { current_password: [message] } });
  }
  await db.user.update({ where: { id: userId }, data: { password_hash: await hashPassword(input.new_password) } });
  // Whoever knew the old password may hold a session or a token: every one, this session included, ends.
  await revokeAllSessions(db, userId);
  await revokeAllApiTokens(db, userId);
}

/**
 * Attaches a Google identity to the account registered with its email. When nobody proved control of
 * a password account's email, whoever registered it may not be its owner: the Google user (who proved
 * it) takes the account over alone: the password goes and every session and token ends. An account
 * whose address was verified belongs to that address's owner already, so it is linked as it is.
 */
async function attachGoogleIdentity(db: PrismaClient, account: User, sub: string): Promise<User> {
  if (!account.password_hash || account.email_verified_at) return db.user.update({ where: { id: account.id }, data: { google_sub: sub } });
  await revokeAllSessions(db, account.id);
  await revokeAllApiTokens(db, account.id);
  return db.user.update({ where: { id: account.id }, data: { google_sub: sub, password_hash: null } });
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
