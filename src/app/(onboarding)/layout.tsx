import type { ReactNode } from "react";
import { requireUser } from "@/server/auth/guards";

export const dynamic = "force-dynamic";

export default async function OnboardingLayout({ children }: { children: ReactNode }) {
  await requireUser();
  return <div className="min-h-screen bg-gray-50">{children}</div>;
}
