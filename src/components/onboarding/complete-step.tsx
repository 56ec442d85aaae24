"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { usePageAddress } from "@/components/links/page-address";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useTRPC } from "@/trpc/react";
import { Confetti } from "./confetti";
import { ProfilePhone } from "./profile-phone";
import { StepLayout } from "./step-layout";

/** Step 9: celebrate, show the page as visitors will see it, then go to the dashboard. */
export function CompleteStep() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  // Earlier steps changed the design, links and details: always draw the page as it is now.
  const preview = useQuery({ ...trpc.profile.preview.queryOptions(), refetchOnMount: "always" });
  const current = preview.isFetchedAfterMount ? preview.data : undefined;
  const complete = useMutation(trpc.profile.completeOnboarding.mutationOptions());
  const [leaving, setLeaving] = useState(false);
  const busy = complete.isPending || leaving;
  const address = usePageAddress(current?.slug);

  async function continueBuilding() {
    setLeaving(true);
    // The account is re-read and the flag cleared even when this call fails.
    await complete.mutateAsync().catch((error: unknown) => console.error("Could not complete onboarding", error));
    await queryClient.invalidateQueries(trpc.profile.pathFilter());
    router.replace("/dashboard");
    router.refresh();
  }

  return (
    <StepLayout
      step="complete"
      title="Your Linkbio is ready!"
      description="Here's how your page looks. Keep building it from your dashboard."
      width="medium"
    >
      <Confetti />
      <div className="grid items-start gap-10 md:grid-cols-[320px_minmax(0,1fr)]">
        {current ? (
          <ProfilePhone profile={current} label="Preview of your page" />
        ) : (
          <div className="flex h-64 items-center justify-center rounded-3xl border border-dashed border-gray-300 bg-white text-sm text-gray-500">
            {preview.isError ? "The preview could not be loaded." : <Spinner />}
          </div>
        )}
        <div className="order-first grid content-start gap-6 md:order-last">
          {address && (
            <div className="rounded-2xl border border-gray-200 bg-white p-5">
              <p className="text-sm font-medium text-gray-500">Your page address</p>
              <a
                href={address}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 block truncate text-lg font-semibold text-brand-600 hover:underline"
              >
                {address}
              </a>
            </div>
          )}
          <Button
            onClick={() => void continueBuilding()}
            disabled={busy}
            className="w-full py-3 text-base sm:w-auto sm:justify-self-start sm:px-10"
          >
            {busy && <Spinner className="h-4 w-4 border-2" />}
            {busy ? "Finishing..." : "Continue building"}
          </Button>
        </div>
      </div>
    </StepLayout>
  );
}
