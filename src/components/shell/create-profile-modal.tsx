"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { SiteHost } from "@/components/marketing/site-host";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import {
  BIO_MAX_LENGTH,
  cleanSlugInput,
  createProfileInput,
  SLUG_MAX_LENGTH,
  SLUG_RULE_HINT,
  slugProblem,
  type ProfileDto,
} from "@/lib/schemas/profile";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { refusalMessage } from "./profile-switcher/refusal-message";

const emptyForm = { display_name: "", slug: "", bio: "" };
type Field = keyof typeof emptyForm;

export type CreatedProfile = Pick<ProfileDto, "id" | "slug" | "is_primary">;

export function CreateProfileModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** After the server accepted it; the modal has already shown the success toast. */
  onCreated: (profile: CreatedProfile) => void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.profile.create.mutationOptions());
  const busy = create.isPending;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create New Profile"
      description="Each profile has its own page, links and design."
      dismissible={!busy}
    >
      <CreateProfileForm
        busy={busy}
        onCancel={onClose}
        onSubmit={(input, callbacks) =>
          create.mutate(input, {
            onSuccess: (profile) => {
              toast.success("New profile created successfully");
              onCreated(profile);
            },
            onError: (error) => {
              const failure = serverFailure(error);
              if (failure) callbacks.setErrors(firstMessages(failure.fieldErrors));
              toast.error(refusalMessage(error) ?? "Failed to create profile");
            },
          })
        }
      />
    </Modal>
  );
}

/** Lives only while the modal is open, so every opening starts with an empty form. */
function CreateProfileForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (
    input: z.output<typeof createProfileInput>,
    callbacks: { setErrors: (errors: Partial<Record<Field, string>>) => void },
  ) => void;
}) {
  const bioId = useId();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !values.display_name.trim()) return;
    const parsed = createProfileInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstMessages(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    onSubmit(parsed.data, { setErrors });
  }

  const bioError = errors.bio;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="Display Name"
        name="display_name"
        autoComplete="off"
        placeholder="e.g. Jane's Bakery"
        value={values.display_name}
        disabled={busy}
        error={errors.display_name}
        onChange={(event) => update("display_name", event.target.value)}
      />
      <div>
        <TextField
          label="Username (URL)"
          name="slug"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-name"
          prefix={<SiteHost />}
          maxLength={SLUG_MAX_LENGTH}
          value={values.slug}
          disabled={busy}
          error={errors.slug ?? slugProblem(values.slug)}
          onChange={(event) => update("slug", cleanSlugInput(event.target.value))}
        />
        {!(errors.slug ?? slugProblem(values.slug)) && <p className="mt-1.5 text-xs text-gray-500">{SLUG_RULE_HINT}</p>}
      </div>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={bioId} className="block text-sm font-medium text-gray-700">
            Bio (Optional)
          </label>
          <span className="text-xs text-gray-400 tabular-nums">
            {values.bio.length}/{BIO_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={bioId}
          name="bio"
          rows={3}
          maxLength={BIO_MAX_LENGTH}
          placeholder="Tell visitors what this page is about"
          value={values.bio}
          disabled={busy}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={bioError ? `${bioId}-error` : undefined}
          onChange={(event) => update("bio", event.target.value)}
          className={`block w-full resize-none rounded-xl border bg-white px-3 py-2.5 text-sm transition outline-none placeholder:text-gray-400 focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60 ${
            bioError ? "border-red-400 focus:ring-red-200" : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
          }`}
        />
        {bioError && (
          <p id={`${bioId}-error`} className="mt-1.5 text-sm text-red-600">
            {bioError}
          </p>
        )}
      </div>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !values.display_name.trim()}>
          {busy && <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          Create Profile
        </Button>
      </div>
    </form>
  );
}
