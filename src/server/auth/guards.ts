import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { User } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { hasSessionCookie } from "./session-cookie";
import { webSessionFrom } from "./web-session";

/** The signed-in user of a live session, read fresh from the database; null when signed out. */
export async function getSessionUser(): Promise<User | null> {
  const requestHeaders = await headers();
  const cookie = requestHeaders.get("cookie");
  const session = await webSessionFrom(requestHeaders);
  // A cookie whose session ended (sign-out elsewhere, new password, deleted account): clear it rather than bounce between guards.
  if (!session) return hasSessionCookie(cookie) ? redirect("/api/session/expire") : null;
  const user = await db().user.findUnique({ where: { id: session.userId } });
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
