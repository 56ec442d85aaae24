import type { Metadata } from "next";
import { GoalsStep } from "@/components/onboarding/goals-step";

export const metadata: Metadata = { title: "Your goal" };

export default function OnboardingGoalsPage() {
  return <GoalsStep />;
}
