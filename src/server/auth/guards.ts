import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import type { User } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { authOptions } from "./options";

/** The signed-in user, read fresh from the database; null when signed out. */
export async function getSessionUser(): Promise<User | null> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  const user = await db().user.findUnique({ where: { id: session.user.id } });
  // A valid cookie for a deleted account: clear it rather than bounce between guards.
  if (!user) redirect("/api/session/expire");
  return user;
}

export async function requireUser(): Promise<User> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  return user;
}

export async function requireOnboardedUser(): Promise<User> {
  const user = await requireUser();
  if (!user.onboarding_completed) redirect("/onboarding");
  return user;
}
