import type { PrismaClient } from "@/generated/prisma/client";
import { RESERVED_SLUGS } from "@/lib/reserved-slugs";
import { slugSchema, USERNAME_RESERVED, USERNAME_TAKEN, type SlugUnavailableReason } from "@/lib/schemas/profile";
import { ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";

export function usernameTaken(): ServiceError {
  return new ServiceError("CONFLICT", USERNAME_TAKEN, { fields: { slug: [USERNAME_TAKEN] } });
}

/** True when nobody (other than the given profile) holds the slug and it is not reserved. */
export async function isSlugAvailable(db: PrismaClient, slug: string, exceptProfileId?: string): Promise<boolean> {
  if (RESERVED_SLUGS.has(slug)) return false;
  const holder = await db.profile.findUnique({ where: { slug }, select: { id: true } });
  return !holder || holder.id === exceptProfileId;
}

export function usernameReserved(): ServiceError {
  return new ServiceError("BAD_REQUEST", USERNAME_RESERVED, { fields: { slug: [USERNAME_RESERVED] } });
}

export interface SlugVerdict {
  slug: string;
  available: boolean;
  reason?: SlugUnavailableReason;
}

/** The check a person makes while typing a username, with why a name cannot be had: limited per client address. */
export async function checkSlugAvailability(
  db: PrismaClient,
  slug: string,
  exceptProfileId: string | undefined,
  clientIp: string | null,
): Promise<SlugVerdict> {
  await assertWithinLimit("slugCheck", clientIp);
  if (!slugSchema.safeParse(slug).success) return { slug, available: false, reason: "invalid" };
  if (RESERVED_SLUGS.has(slug)) return { slug, available: false, reason: "reserved" };
  return (await isSlugAvailable(db, slug, exceptProfileId)) ? { slug, available: true } : { slug, available: false, reason: "taken" };
}

export function assertNotReserved(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) throw usernameReserved();
}

/** The database's unique index decides races: the loser of two simultaneous claims lands here. */
export function isSlugConflict(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown } };
  return code === "P2002" && JSON.stringify(meta ?? {}).includes("slug");
}
