import { Suspense, type ReactNode } from "react";
import { Providers } from "@/components/providers";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { requireUser } from "@/server/auth/guards";
import { appOrigin } from "@/server/config/app-origin";

export const dynamic = "force-dynamic";

export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <Providers origin={appOrigin()}>
      <Suspense fallback={<FullScreenSpinner />}>
        <SignedIn>{children}</SignedIn>
      </Suspense>
    </Providers>
  );
}

async function SignedIn({ children }: { children: ReactNode }) {
  await requireUser();
  return <div className="min-h-screen bg-gray-50">{children}</div>;
}
