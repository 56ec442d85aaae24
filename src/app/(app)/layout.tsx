import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppShell } from "@/components/shell/app-shell";
import { requireOnboardedUser } from "@/server/auth/guards";
import { db } from "@/server/db/client";
import { findCurrentProfile } from "@/server/services/profiles/profiles";
import { appOrigin } from "@/server/config/app-origin";

export const dynamic = "force-dynamic";

/**
 * The signed-in area. No Suspense around the shell: the first HTML waits for the session and holds the
 * screen with its data, rather than a spinner replaced after the page's script has run (the largest paint).
 */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Providers origin={appOrigin()}>
      <SignedInShell>{children}</SignedInShell>
    </Providers>
  );
}

async function SignedInShell({ children }: { children: ReactNode }) {
  const user = await requireOnboardedUser();
  const profile = await findCurrentProfile(db(), user.id);
  // The shell is a client component: send it only the fields it shows.
  const shown = profile && { slug: profile.slug, display_name: profile.display_name, avatar_url: profile.avatar_url };
  return <AppShell profile={shown}>{children}</AppShell>;
}
