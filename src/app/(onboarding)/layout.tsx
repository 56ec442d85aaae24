import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function OnboardingLayout({ children }: { children: ReactNode }) {
  if (!(await getSessionUser())) redirect("/login");
  return <div className="min-h-screen bg-gray-50">{children}</div>;
}
