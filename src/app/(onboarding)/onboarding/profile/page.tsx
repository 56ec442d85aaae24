import type { Metadata } from "next";
import { ProfileStep } from "@/components/onboarding/profile-step";

export const metadata: Metadata = { title: "Your profile" };

export default function OnboardingProfilePage() {
  return <ProfileStep />;
}
