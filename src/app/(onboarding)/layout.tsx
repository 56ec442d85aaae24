import { Suspense, type ReactNode } from "react";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { requireUser } from "@/server/auth/guards";

export const dynamic = "force-dynamic";

export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedIn>{children}</SignedIn>
    </Suspense>
  );
}

async function SignedIn({ children }: { children: ReactNode }) {
  await requireUser();
  return <div className="min-h-screen bg-gray-50">{children}</div>;
}
