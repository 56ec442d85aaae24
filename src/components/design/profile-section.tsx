"use client";

import { useId } from "react";
import { SiteHost } from "@/components/marketing/site-host";
import { PanelBlock } from "@/components/ui/panel-block";
import { FILE_RULES } from "@/components/ui/read-file";
import { SwitchField } from "@/components/ui/switch-field";
import { TextField } from "@/components/ui/text-field";
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, cleanSlugInput } from "@/lib/schemas/profile-terms";
import { FileButton } from "./controls/file-button";
import type { DesignEditor } from "./use-design-editor";

/** Picture, username, display name, bio and the footer switch. */
export function ProfileSection({ editor }: { editor: DesignEditor }) {
  const { draft, errors, updateProfile, updateDesign } = editor;
  const { profile } = draft;
  const bioId = useId();
  const initial = (profile.display_name || profile.slug || "?").charAt(0).toUpperCase();

  return (
    <div className="grid gap-5">
      <PanelBlock title="Profile Picture" description="Image files only, recommended 400x400px, up to 2 MB.">
        <div className="flex items-center gap-5">
          {profile.avatar_url ? (
            <img
              src={profile.avatar_url}
              alt="Your current avatar"
              className="h-20 w-20 shrink-0 rounded-full object-cover ring-1 ring-gray-200"
            />
          ) : (
            <span
              aria-hidden
              className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-700"
            >
              {initial}
            </span>
          )}
          <div className="grid min-w-0 gap-2">
            <FileButton
              label="Upload picture"
              hint="Profile picture, recommended 400x400px"
              rule={FILE_RULES.avatar}
              error={errors.avatar_url}
              onLoad={(dataUrl) => updateProfile({ avatar_url: dataUrl })}
            />
            {profile.avatar_url && (
              <button
                type="button"
                onClick={() => updateProfile({ avatar_url: null })}
                className="justify-self-start text-sm font-medium text-red-600 hover:underline"
              >
                Remove picture
              </button>
            )}
          </div>
        </div>
      </PanelBlock>

      <PanelBlock title="Profile Details">
        <TextField
          label="Username"
          prefix={<SiteHost />}
          value={profile.slug}
          error={errors.slug}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourname"
          onChange={(event) => updateProfile({ slug: cleanSlugInput(event.target.value) })}
        />
        <TextField
          label="Display Name"
          value={profile.display_name}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          placeholder="Your name"
          onChange={(event) => updateProfile({ display_name: event.target.value })}
        />
        <div>
          <label htmlFor={bioId} className="mb-1.5 block text-sm font-medium text-gray-700">
            Bio
          </label>
          <textarea
            id={bioId}
            rows={4}
            value={profile.bio}
            maxLength={BIO_MAX_LENGTH}
            placeholder="Tell visitors about yourself"
            aria-describedby={`${bioId}-count`}
            onChange={(event) => updateProfile({ bio: event.target.value.slice(0, BIO_MAX_LENGTH) })}
            className="w-full resize-y rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
          <p id={`${bioId}-count`} aria-live="polite" className="mt-1 text-right text-xs text-gray-500">
            {profile.bio.length}/{BIO_MAX_LENGTH} characters
          </p>
        </div>
        <SwitchField
          label="Hide footer"
          description="Remove the 'Powered by' line from your page."
          checked={draft.design.hide_footer}
          onChange={(hide_footer) => updateDesign({ hide_footer })}
        />
      </PanelBlock>
    </div>
  );
}
