"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import type { ProfileDto } from "@/lib/schemas/profile";
import { TextField } from "@/components/ui/text-field";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { AvatarPicker } from "./avatar-picker";
import { BioField } from "./bio-field";
import { STEP_PATHS } from "./steps";
import { useStepNavigation } from "./use-step-navigation";

export type ProfileFormValues = Pick<ProfileDto, "display_name" | "bio" | "avatar_url">;

type Field = keyof ProfileFormValues;

/** Display name, bio and avatar; saving or skipping both finish onboarding's required part. */
export function ProfileForm({ initial, fallbackInitial }: { initial: ProfileFormValues; fallbackInitial: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.profile.updateMe.mutationOptions());
  const { go, navigating } = useStepNavigation();
  const [values, setValues] = useState(initial);
  const [avatarChanged, setAvatarChanged] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = save.isPending || navigating;

  function update<K extends Field>(field: K, value: ProfileFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    if (field === "avatar_url") setAvatarChanged(true);
  }

  async function finish() {
    await queryClient.invalidateQueries(trpc.profile.pathFilter());
    go(STEP_PATHS.complete);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { display_name, bio, avatar_url } = values;
    try {
      await save.mutateAsync({ display_name, bio, ...(avatarChanged ? { avatar_url } : {}), onboarding_completed: true });
      toast.success("Profile created successfully!");
      await finish();
    } catch (error) {
      toast.error("Failed to save profile details");
      setErrors(firstMessages(serverFailure(error)?.fieldErrors ?? {}));
    }
  }

  async function skip() {
    try {
      await save.mutateAsync({ onboarding_completed: true });
    } catch (error) {
      console.error("Could not mark onboarding as completed", error); // skipping never blocks the flow
    }
    await finish();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
      <AvatarPicker
        value={values.avatar_url}
        initial={(values.display_name || fallbackInitial).charAt(0).toUpperCase()}
        error={errors.avatar_url}
        disabled={busy}
        onChange={(value) => update("avatar_url", value)}
      />
      <TextField
        label="Display name"
        name="display_name"
        autoComplete="name"
        placeholder="Your name"
        value={values.display_name}
        error={errors.display_name}
        disabled={busy}
        onChange={(event) => update("display_name", event.target.value)}
      />
      <BioField value={values.bio} error={errors.bio} disabled={busy} onChange={(value) => update("bio", value)} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" disabled={busy} onClick={() => void skip()} className="py-3">
          Skip for now
        </Button>
        <Button type="submit" disabled={busy} className="px-8 py-3">
          {busy ? "Saving..." : "Save and continue"}
        </Button>
      </div>
    </form>
  );
}
