"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import toast from "react-hot-toast";
import { PanelBlock } from "@/components/ui/panel-block";
import { SaveStatus } from "@/components/ui/save-status";
import { SwitchField } from "@/components/ui/switch-field";
import type { ProfileDto, ProfileVisibility } from "@/lib/schemas/profile";
import { useTRPC } from "@/trpc/react";

const VISIBILITIES: { value: ProfileVisibility; label: string; description: string }[] = [
  { value: "public", label: "Public", description: "Anyone can view" },
  { value: "unlisted", label: "Unlisted", description: "Only people with the link" },
  { value: "private", label: "Private", description: "Only you" },
];

type PrivacyValues = Pick<ProfileDto, "profile_visibility" | "show_click_stats">;

/**
 * Privacy of the current profile: visibility and click statistics apply and are sent at once; a
 * refused change flips back with a message. No Save button: nothing is left to send.
 */
export function PrivacyTab({ profile }: { profile: Pick<ProfileDto, "profile_visibility" | "show_click_stats" | "slug"> | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PrivacyValues | null>(() =>
    profile ? { profile_visibility: profile.profile_visibility, show_click_stats: profile.show_click_stats } : null,
  );
  const update = useMutation(trpc.profile.updateMe.mutationOptions());

  if (!profile || !values) {
    return (
      <PanelBlock title="Privacy">
        <p className="text-sm text-gray-600">
          Claim a username first: privacy settings belong to a profile.{" "}
          <Link href="/design" className="font-semibold text-brand-700">
            Open the editor
          </Link>
        </p>
      </PanelBlock>
    );
  }

  function change<K extends keyof PrivacyValues>(key: K, value: PrivacyValues[K]) {
    const previous = values![key];
    setValues((current) => current && { ...current, [key]: value });
    update.mutate(
      { [key]: value },
      {
        onSuccess: (me) => queryClient.setQueryData(trpc.profile.me.queryKey(), me),
        onError: (error) => {
          console.error("Failed to update privacy settings", error);
          setValues((current) => current && { ...current, [key]: previous });
          toast.error("Failed to save privacy settings");
        },
      },
    );
  }

  return (
    <PanelBlock title="Privacy" description={`Who can see /${profile.slug}, and what they see.`}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Profile Visibility</legend>
        {VISIBILITIES.map((option) => (
          <label
            key={option.value}
            className={`has-focus-visible:ring-brand-200 flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition has-focus-visible:ring-2 ${
              values.profile_visibility === option.value ? "border-brand-500 bg-brand-50" : "border-gray-200 hover:bg-gray-50"
            }`}
          >
            <input
              type="radio"
              name="profile_visibility"
              value={option.value}
              checked={values.profile_visibility === option.value}
              onChange={() => change("profile_visibility", option.value)}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-gray-900">{option.label}</span>
              <span className="block text-sm text-gray-600">{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SwitchField
        label="Show Click Statistics"
        description="Visitors see how many times each link was clicked (updated every minute)."
        checked={values.show_click_stats}
        onChange={(checked) => change("show_click_stats", checked)}
      />
      <SaveStatus saving={update.isPending} />
    </PanelBlock>
  );
}
