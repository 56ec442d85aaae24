import type { Metadata } from "next";
import { TemplatesStep } from "@/components/onboarding/templates-step";

export const metadata: Metadata = { title: "Pick a template" };

export default function OnboardingTemplatesPage() {
  return <TemplatesStep />;
}
