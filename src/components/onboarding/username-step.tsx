"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cleanSlugInput, slugProblem, slugSchema, USERNAME_RESERVED, USERNAME_TAKEN } from "@/lib/schemas/profile";
import { serverFailure } from "@/trpc/errors";
import { markSigningOut, useTRPC } from "@/trpc/react";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { leftOutNote } from "./left-out-note";
import { UsernameField } from "./username-field";
import { UsernamePreview } from "./username-preview";
import { useSlugAvailability } from "./use-slug-availability";
import { useStepNavigation } from "./use-step-navigation";

/** Step 1: claim the page address. */
export function UsernameStep({ claimed }: { claimed: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const me = useQuery(trpc.profile.me.queryOptions());
  const save = useMutation(trpc.profile.updateSlug.mutationOptions());
  const { go, navigating } = useStepNavigation();
  // Until the user types, the name comes from the landing page's claim, else the existing profile.
  const [typed, setTyped] = useState<string | null>(claimed || null);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [banner, setBanner] = useState<string | null>(null);
  const slug = typed ?? me.data?.profile?.slug ?? "";
  const availability = useSlugAvailability(slug);
  const busy = save.isPending || navigating;
  // The schema's own message as soon as what is typed breaks it (too short), not only on Continue.
  const problem = slugProblem(slug);

  function change(value: string) {
    const cleaned = cleanSlugInput(value);
    setTyped(cleaned);
    // The field holds only what a username can; what it left out is said as information, not as an error about the value shown.
    setNote(leftOutNote(value));
    setError(undefined);
    setBanner(null);
  }

  async function signOutToLogin() {
    markSigningOut();
    await signOut({ redirect: false });
    router.replace("/login");
    router.refresh();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = slugSchema.safeParse(slug);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (availability === "taken") return setError(USERNAME_TAKEN);
    if (availability === "reserved") return setError(USERNAME_RESERVED);
    try {
      await save.mutateAsync({ slug: parsed.data });
      await queryClient.invalidateQueries(trpc.profile.pathFilter());
      go(STEP_PATHS.goals);
    } catch (failure) {
      const slugError = serverFailure(failure)?.fieldErrors.slug?.[0];
      if (slugError) setError(slugError);
      else setBanner("Failed to save username. Please try again.");
    }
  }

  return (
    <StepLayout
      step="username"
      title="Welcome to Linkbio!"
      description="Choose your Linkbio username. You can always change it later."
      width="wide"
    >
      {me.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <div className="grid items-start gap-12 lg:grid-cols-[minmax(0,1fr)_320px]">
          <form onSubmit={(event) => void submit(event)} noValidate className="grid max-w-xl gap-5">
            <ErrorBanner message={banner} />
            <UsernameField
              value={slug}
              onChange={change}
              availability={availability}
              error={error ?? problem}
              note={note}
              disabled={busy}
            />
            <Button type="submit" disabled={busy || Boolean(problem)} className="py-3 text-base">
              {busy && <Spinner className="h-4 w-4 border-2" />}
              {busy ? "Saving..." : "Continue"}
            </Button>
            <p className="text-center text-sm text-gray-600">
              {/* Onboarding is signed in: the way back to /login is signing out, so the link says that. */}
              Not your account?{" "}
              <button type="button" onClick={() => void signOutToLogin()} className="font-semibold text-brand-600 hover:underline">
                Sign out
              </button>
            </p>
          </form>
          <UsernamePreview slug={slug} hasProfile={Boolean(me.data?.profile)} />
        </div>
      )}
    </StepLayout>
  );
}
