import type { Metadata } from "next";
import { ProStep } from "@/components/onboarding/pro-step";

export const metadata: Metadata = { title: "Try Pro free" };

export default function OnboardingProPage() {
  return <ProStep />;
}
