import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requireOnboardedUser } from "@/server/auth/guards";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** The signed-in area: guests go to /login, unfinished onboarding goes to /onboarding. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await requireOnboardedUser();
  const profile = await db().profile.findFirst({
    where: { user_id: user.id },
    orderBy: [{ is_primary: "desc" }, { created_at: "asc" }],
    select: { slug: true, display_name: true },
  });
  return <AppShell profile={profile}>{children}</AppShell>;
}
