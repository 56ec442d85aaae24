"use client";

import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import { ONBOARDING_BIO_MAX_LENGTH } from "@/lib/schemas/profile";
import { useTRPC } from "@/trpc/react";
import { ProfileForm } from "./profile-form";
import { StepLayout } from "./step-layout";

/** Step 8: prefilled from the profile (or the account's name) once it has loaded. */
export function ProfileStep() {
  const trpc = useTRPC();
  const me = useQuery(trpc.profile.me.queryOptions());
  const user = me.data?.user;
  const profile = me.data?.profile;
  const accountName = [user?.first_name, user?.last_name].filter(Boolean).join(" ");

  return (
    <StepLayout step="profile" title="Add your profile details" description="Help visitors recognise you. You can change these any time.">
      {me.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <ProfileForm
          fallbackInitial={profile?.slug ?? "?"}
          initial={{
            display_name: profile?.display_name || accountName,
            bio: (profile?.bio ?? "").slice(0, ONBOARDING_BIO_MAX_LENGTH),
            avatar_url: profile?.avatar_url ?? null,
          }}
        />
      )}
    </StepLayout>
  );
}
