import { Suspense, type ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { requireOnboardedUser } from "@/server/auth/guards";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** The signed-in area: a full-screen spinner while the session resolves, then the shell. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInShell>{children}</SignedInShell>
    </Suspense>
  );
}

async function SignedInShell({ children }: { children: ReactNode }) {
  const user = await requireOnboardedUser();
  const profile = await db().profile.findFirst({
    where: { user_id: user.id },
    orderBy: [{ is_primary: "desc" }, { created_at: "asc" }],
    select: { slug: true, display_name: true, avatar_url: true },
  });
  return <AppShell profile={profile}>{children}</AppShell>;
}
