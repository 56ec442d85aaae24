"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { TYPES_WITH_USERNAME } from "@/lib/schemas/link-types";
import { normalizeLinkUrl } from "@/lib/url";
import { withUtm } from "@/lib/utm";
import { useTRPC } from "@/trpc/react";
import {
  emptyLinkValues,
  hasUtm,
  linkValues,
  saveFailureMessage,
  validateLink,
  type LinkFormErrors,
  type LinkFormValues,
} from "./link-form-values";
import type { LinkItem } from "./types";
import { ActiveSwitch } from "./active-switch";
import { LinkImageField } from "./link-image-field";
import { LinkTypeSelect } from "./link-type-select";
import { PlayerSwitch } from "./player-switch";
import { ScheduleSection } from "./schedule-section";
import { SignupFields } from "./signup-fields";
import { useRefreshLinks } from "./use-links";
import { UtmSection } from "./utm-section";

interface LinkFormProps {
  /** The link being edited; null adds a new one. */
  link: LinkItem | null;
  onCancel: () => void;
  onSaved: () => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The one link editor, opened from the dashboard's list and from /links: every field of a link
 * (type, username, shown or hidden, thumbnail, a social link's icon, 18+, schedule, UTM), the server's rules checked per
 * field before anything is sent.
 */
export function LinkForm({ link, onCancel, onSaved, onBusyChange }: LinkFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const [values, setValues] = useState<LinkFormValues>(() => (link ? linkValues(link) : emptyLinkValues()));
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [utmOpen, setUtmOpen] = useState(() => hasUtm(values));
  const handlers = {
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onError: (error: unknown) => {
      const message = saveFailureMessage(error);
      setFailure(message);
      toast.error(message);
    },
  };
  const create = useMutation(trpc.link.create.mutationOptions(handlers));
  const update = useMutation(trpc.link.update.mutationOptions(handlers));
  const busy = create.isPending || update.isPending;

  function change<K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === "link_type" ? { url: undefined, username: undefined } : {}) }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = validateLink(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setValues((current) => ({ ...current, url: result.data.url }));
    try {
      if (link) await update.mutateAsync({ id: link.id, data: result.data });
      else await create.mutateAsync(result.data);
    } catch {
      return;
    }
    toast.success(link ? "Link updated" : "Link added successfully");
    onSaved();
    await refresh();
  }

  const isHeader = values.link_type === "header";
  const isSignup = values.link_type === "signup";
  const finalUrl = values.url.trim() ? withUtm(normalizeLinkUrl(values.url) ?? values.url.trim(), values) : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <ErrorBanner message={failure} />
      <fieldset disabled={busy} className="grid gap-4">
        <TextField
          label={isSignup ? "Heading" : "Title"}
          value={values.title}
          error={errors.title}
          onChange={(e) => change("title", e.target.value)}
          placeholder={isSignup ? "Join my newsletter" : "My website"}
        />
        {!isSignup && (
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            value={values.url}
            error={errors.url}
            onChange={(e) => change("url", e.target.value)}
            placeholder={isHeader ? "Optional for headers" : "https://example.com"}
          />
        )}
        <LinkTypeSelect value={values.link_type} onChange={(type) => change("link_type", type)} />
        {isSignup && <SignupFields values={values} errors={errors} onChange={change} />}
        {TYPES_WITH_USERNAME.has(values.link_type) && (
          <TextField
            label="Username"
            prefix="@"
            value={values.username}
            error={errors.username}
            onChange={(e) => change("username", e.target.value)}
            placeholder="yourname"
          />
        )}
        <div className="flex items-center justify-between gap-3 text-sm text-gray-700">
          <span aria-hidden>Show on my page</span>
          <ActiveSwitch checked={values.is_active} label="Show on my page" onToggle={() => change("is_active", !values.is_active)} />
        </div>
        {!isHeader && !isSignup && values.link_type !== "social" && (
          <PlayerSwitch url={values.url} checked={values.show_as_player} onChange={(on) => change("show_as_player", on)} />
        )}
        {!isHeader && !isSignup && (
          <LinkImageField
            label="Thumbnail"
            value={values.thumbnail}
            error={errors.thumbnail}
            onChange={(thumbnail) => change("thumbnail", thumbnail)}
          />
        )}
        {values.link_type === "social" && (
          <LinkImageField label="Icon" value={values.icon_url} error={errors.icon_url} onChange={(icon) => change("icon_url", icon)} />
        )}
        <ScheduleSection
          startsAt={values.starts_at}
          endsAt={values.ends_at}
          errors={errors}
          onChange={(field, value) => {
            change(field, value);
            if (field === "starts_at") setErrors((current) => ({ ...current, ends_at: undefined }));
          }}
        />
        {!isHeader && !isSignup && (
          <>
            <label className="flex items-center gap-3 text-sm text-gray-700">
              <input
                type="checkbox"
                checked={values.is_adult}
                onChange={(e) => change("is_adult", e.target.checked)}
                className="h-4 w-4 rounded border-gray-300 accent-brand-600"
              />
              18+ content (visitors confirm their age)
            </label>
            <UtmSection
              open={utmOpen}
              onToggle={() => setUtmOpen((open) => !open)}
              values={values}
              errors={errors}
              onChange={change}
              finalUrl={finalUrl}
            />
          </>
        )}
      </fieldset>
      {/* Pinned to the dialog's bottom edge, so an open UTM section never scrolls the actions away. */}
      <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-gray-100 bg-white px-6 py-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : link ? "Save Changes" : "Add Link"}
        </Button>
      </div>
    </form>
  );
}
