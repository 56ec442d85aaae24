import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppShell } from "@/components/shell/app-shell";
import { Logo } from "@/components/ui/logo";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { getSessionUser } from "@/server/auth/guards";
import { appOrigin } from "@/server/config/app-origin";
import { db } from "@/server/db/client";
import { findCurrentProfile } from "@/server/services/profiles/profiles";

export const dynamic = "force-dynamic";

/** Help is for everyone (the landing page links it): inside the app's shell when signed in, else a plain frame. */
export default function HelpLayout({ children }: { children: ReactNode }) {
  return (
    <Providers origin={appOrigin()}>
      <Suspense fallback={<FullScreenSpinner />}>
        <HelpFrame>{children}</HelpFrame>
      </Suspense>
    </Providers>
  );
}

async function HelpFrame({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  if (user?.onboarding_completed) {
    const profile = await findCurrentProfile(db(), user.id);
    const shown = profile && { slug: profile.slug, display_name: profile.display_name, avatar_url: profile.avatar_url };
    return <AppShell profile={shown}>{children}</AppShell>;
  }
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="flex items-center justify-between gap-4 border-b border-gray-200 bg-white px-4 py-3 sm:px-8">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2 text-sm font-semibold">
          <Link href={user ? "/onboarding" : "/login"} className="rounded-lg px-3 py-2 text-gray-800 hover:bg-gray-100">
            {user ? "Finish setting up" : "Log in"}
          </Link>
          {!user && (
            <Link href="/register" className="rounded-lg bg-brand-600 px-3 py-2 text-white hover:bg-brand-700">
              Sign up
            </Link>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl p-4 sm:p-8">{children}</main>
    </div>
  );
}
