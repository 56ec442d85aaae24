import type { Metadata } from "next";
import { PricingView } from "@/components/onboarding/pricing-view";

export const metadata: Metadata = { title: "Choose your plan" };

export default function PricingPage() {
  return <PricingView />;
}
