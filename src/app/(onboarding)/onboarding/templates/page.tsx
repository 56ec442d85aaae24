import type { Metadata } from "next";
import { TemplatesStep } from "@/components/onboarding/templates-step";
import { requireUser } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Pick a template" };

export default async function OnboardingTemplatesPage() {
  const user = await requireUser();
  return <TemplatesStep onboarded={user.onboarding_completed} />;
}
