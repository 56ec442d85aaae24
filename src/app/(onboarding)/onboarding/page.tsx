import type { Metadata } from "next";

export const metadata: Metadata = { title: "Choose your username" };

export default function OnboardingUsernamePage() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">Welcome to Linkbio!</h1>
      <p className="mt-2 text-gray-600">Choose your Linkbio username. You can always change it later.</p>
    </main>
  );
}
