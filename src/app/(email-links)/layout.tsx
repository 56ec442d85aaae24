import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { Logo } from "@/components/ui/logo";

export const dynamic = "force-dynamic";

/** Pages that links in emails open: the same for guests and signed-in visitors, in any browser. */
export default function EmailLinksLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <main className="flex min-h-screen flex-col px-6 py-8 sm:px-12">
        <Logo className="self-start" />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">{children}</div>
      </main>
    </Providers>
  );
}
