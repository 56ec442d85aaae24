import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { Logo } from "@/components/ui/logo";
import { getSessionUser } from "@/server/auth/guards";
import { appOrigin } from "@/server/config/app-origin";

export const dynamic = "force-dynamic";
// Sign-in pages are where crawlers land from every signed-in screen; none of them belongs in results.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Guest-only pages: a signed-in user is sent to /dashboard. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  if (await getSessionUser()) redirect("/dashboard");
  return (
    <Providers origin={appOrigin()}>
      <div className="grid min-h-screen lg:grid-cols-[1fr_minmax(0,520px)]">
        <main className="flex flex-col px-6 py-8 sm:px-12">
          <Logo className="self-start" />
          <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">{children}</div>
        </main>
        <aside
          aria-hidden
          className="hidden bg-gradient-to-br from-brand-600 via-violet-600 to-fuchsia-500 lg:flex lg:items-center lg:justify-center"
        >
          <div className="w-64 rounded-[2.5rem] border-8 border-white/20 bg-white/10 p-6 shadow-2xl backdrop-blur">
            <div className="mx-auto h-16 w-16 rounded-full bg-white/80" />
            <div className="mx-auto mt-4 h-3 w-28 rounded bg-white/80" />
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="mt-4 h-10 rounded-xl bg-white/30" />
            ))}
          </div>
        </aside>
      </div>
    </Providers>
  );
}
