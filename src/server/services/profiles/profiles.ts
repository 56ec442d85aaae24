import type { Prisma, PrismaClient, Profile } from "@/generated/prisma/client";
import type { CreateProfileInput, ProfileDeletionSummary } from "@/lib/schemas/profile";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";
import { recordWebhookEvent } from "../webhooks/events";
import { toProfileDto } from "./serialize";
import { assertNotReserved, isSlugConflict, usernameTaken } from "./slugs";

type Tx = Prisma.TransactionClient;

const notFound = () => new ServiceError("NOT_FOUND", "Profile not found");

/** Serialises changes to one user's set of profiles (primary flag, deletions). */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

async function withSlugConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugConflict(error)) throw usernameTaken();
    throw error;
  }
}

/** "Current" everywhere means the primary profile, else the oldest: lists start with it. */
const CURRENT_FIRST = [{ is_primary: "desc" }, { created_at: "asc" }] as const satisfies Prisma.ProfileOrderByWithRelationInput[];

export function listProfiles(db: PrismaClient, userId: string): Promise<Profile[]> {
  return db.profile.findMany({ where: { user_id: userId }, orderBy: [...CURRENT_FIRST] });
}

export function findCurrentProfile(db: PrismaClient | Tx, userId: string): Promise<Profile | null> {
  return db.profile.findFirst({ where: { user_id: userId }, orderBy: [...CURRENT_FIRST] });
}

export async function requireCurrentProfile(db: PrismaClient | Tx, userId: string): Promise<Profile> {
  const profile = await findCurrentProfile(db, userId);
  if (!profile) throw new ServiceError("NOT_FOUND", "Choose a username first");
  return profile;
}

export async function getOwnProfile(db: PrismaClient | Tx, userId: string, profileId: string): Promise<Profile> {
  const profile = await db.profile.findFirst({ where: { id: profileId, user_id: userId } });
  if (!profile) throw notFound();
  return profile;
}

export function profileLimitMessage(limit = env.MAX_PROFILES_PER_ACCOUNT): string {
  return `An account can hold at most ${limit} profiles. Delete one to create another.`;
}

const profileLimitReached = () => new ServiceError("BAD_REQUEST", profileLimitMessage());

/** A new profile with its own default design; the user's first profile becomes primary (at most MAX_PROFILES_PER_ACCOUNT). */
export async function createProfile(db: PrismaClient, userId: string, input: CreateProfileInput): Promise<Profile> {
  const slug = input.slug.trim().toLowerCase();
  assertNotReserved(slug);
  return withSlugConflicts(() =>
    db.$transaction(async (tx) => {
      await lockUser(tx, userId);
      const existing = await tx.profile.count({ where: { user_id: userId } });
      if (existing >= env.MAX_PROFILES_PER_ACCOUNT) throw profileLimitReached();
      return tx.profile.create({
        data: {
          user_id: userId,
          slug,
          display_name: input.display_name?.trim() ?? "",
          bio: input.bio?.trim() ?? "",
          is_primary: existing === 0,
          design: { create: {} },
        },
      });
    }),
  );
}

export async function switchProfile(db: PrismaClient, userId: string, profileId: string): Promise<Profile> {
  return db.$transaction(async (tx) => {
    await lockUser(tx, userId);
    await getOwnProfile(tx, userId, profileId);
    await tx.profile.updateMany({ where: { user_id: userId, is_primary: true }, data: { is_primary: false } });
    return tx.profile.update({ where: { id: profileId }, data: { is_primary: true } });
  });
}

/** What deleting a profile takes with it, for the confirmation to say: its links, analytics and custom domain. */
export async function profileDeletionSummary(db: PrismaClient, userId: string, profileId: string): Promise<ProfileDeletionSummary> {
  const profile = await getOwnProfile(db, userId, profileId);
  const [links, domain] = await Promise.all([
    db.link.count({ where: { profile_id: profile.id } }),
    db.customDomain.findUnique({ where: { profile_id: profile.id }, select: { domain: true } }),
  ]);
  return { slug: profile.slug, links, custom_domain: domain?.domain ?? null };
}

/** Refused for the only profile; deleting the primary one promotes the oldest remaining. */
export async function deleteProfile(db: PrismaClient, userId: string, profileId: string): Promise<{ wasCurrent: boolean }> {
  return db.$transaction(async (tx) => {
    await lockUser(tx, userId);
    const profile = await getOwnProfile(tx, userId, profileId);
    if ((await tx.profile.count({ where: { user_id: userId } })) <= 1) {
      throw new ServiceError("BAD_REQUEST", "Cannot delete your only profile");
    }
    await tx.profile.delete({ where: { id: profileId } });
    if (profile.is_primary) {
      const next = await findCurrentProfile(tx, userId);
      if (next) await tx.profile.update({ where: { id: next.id }, data: { is_primary: true } });
    }
    return { wasCurrent: profile.is_primary };
  });
}

/** Onboarding's username step and update-slug: rename the current profile, or create the first one. */
export async function claimSlug(db: PrismaClient, userId: string, rawSlug: string): Promise<Profile> {
  const slug = rawSlug.trim().toLowerCase();
  assertNotReserved(slug);
  const current = await findCurrentProfile(db, userId);
  if (!current) return createProfile(db, userId, { slug, display_name: "" });
  if (current.slug === slug) return current;
  return withSlugConflicts(() => updatedWithEvent(db, userId, current.id, { slug }));
}

export async function updateProfileFields(
  db: PrismaClient,
  userId: string,
  profileId: string,
  data: Prisma.ProfileUpdateInput,
): Promise<Profile> {
  await getOwnProfile(db, userId, profileId);
  return updatedWithEvent(db, userId, profileId, data);
}

/** An update of the account's profile with its `profile.updated` event, in one transaction. */
function updatedWithEvent(db: PrismaClient, userId: string, profileId: string, data: Prisma.ProfileUpdateInput): Promise<Profile> {
  return db.$transaction(async (tx) => {
    const profile = await tx.profile.update({ where: { id: profileId }, data });
    await recordWebhookEvent(tx, { userId, type: "profile.updated", data: toProfileDto(profile) });
    return profile;
  });
}
