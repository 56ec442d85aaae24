import type { Metadata } from "next";
import { parsePlatforms } from "@/components/onboarding/platform-query";
import { PlatformsStep } from "@/components/onboarding/platforms-step";

export const metadata: Metadata = { title: "Your platforms" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Coming back from the links step keeps the earlier choice (?platforms=...). */
export default async function OnboardingPlatformsPage({ searchParams }: { searchParams: SearchParams }) {
  const { platforms } = await searchParams;
  return <PlatformsStep initial={parsePlatforms(platforms)} />;
}
