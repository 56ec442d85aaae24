import type { PrismaClient } from "@/generated/prisma/client";
import { RESERVED_SLUGS } from "@/lib/reserved-slugs";
import { USERNAME_TAKEN } from "@/lib/schemas/profile";
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

/** The check a person makes while typing a username: limited per client address. */
export async function checkSlugAvailability(
  db: PrismaClient,
  slug: string,
  exceptProfileId: string | undefined,
  clientIp: string | null,
): Promise<boolean> {
  await assertWithinLimit("slugCheck", clientIp);
  return isSlugAvailable(db, slug, exceptProfileId);
}

export function assertNotReserved(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) throw usernameTaken();
}

/** The database's unique index decides races: the loser of two simultaneous claims lands here. */
export function isSlugConflict(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown } };
  return code === "P2002" && JSON.stringify(meta ?? {}).includes("slug");
}
