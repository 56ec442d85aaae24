import { getServerSession } from "next-auth";
import type { User } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { authOptions } from "./options";

/** The signed-in user, read fresh from the database; null when signed out or the account is gone. */
export async function getSessionUser(): Promise<User | null> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  return db().user.findUnique({ where: { id: session.user.id } });
}
