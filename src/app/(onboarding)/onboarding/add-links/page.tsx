import type { Metadata } from "next";
import { AddLinksStep } from "@/components/onboarding/add-links-step";
import { parsePlatforms } from "@/components/onboarding/platform-query";

export const metadata: Metadata = { title: "Add your links" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The platforms step passes its choice as ?platforms=instagram,tiktok. */
export default async function OnboardingAddLinksPage({ searchParams }: { searchParams: SearchParams }) {
  const { platforms } = await searchParams;
  return <AddLinksStep platforms={parsePlatforms(platforms)} />;
}
