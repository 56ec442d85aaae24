import type { Metadata } from "next";
import { UsernameStep } from "@/components/onboarding/username-step";
import { cleanSlugInput } from "@/lib/schemas/profile";

export const metadata: Metadata = { title: "Choose your username" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The landing page's claim field passes the wished-for name through /register as ?username=. */
export default async function OnboardingUsernamePage({ searchParams }: { searchParams: SearchParams }) {
  const { username } = await searchParams;
  return <UsernameStep claimed={cleanSlugInput(typeof username === "string" ? username : "")} />;
}
