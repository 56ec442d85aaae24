import type { Metadata } from "next";
import { CompleteStep } from "@/components/onboarding/complete-step";

export const metadata: Metadata = { title: "You're all set" };

export default function OnboardingCompletePage() {
  return <CompleteStep />;
}
