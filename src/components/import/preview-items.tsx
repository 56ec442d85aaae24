"use client";

import { LINK_TYPE_LABELS } from "@/lib/schemas/link-types";
import type { ImportPreview } from "@/lib/schemas/import";

export interface Ticks {
  links: Set<number>;
  display_name: boolean;
  bio: boolean;
  avatar: boolean;
}

export function allTicked(preview: ImportPreview): Ticks {
  return { links: new Set(preview.links.map((_, index) => index)), display_name: true, bio: true, avatar: true };
}

const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
};

function Check({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: React.ReactNode }) {
  return (
    <label className="has-[:checked]:border-brand-300 has-[:focus-visible]:ring-brand-300 flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 has-[:focus-visible]:ring-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/** The preview's items, each with its checkbox: the profile's fields, then the links in the order they will be created. */
export function PreviewItems({ preview, ticks, onChange }: { preview: ImportPreview; ticks: Ticks; onChange: (ticks: Ticks) => void }) {
  const { profile, links } = preview;
  const setLink = (index: number, on: boolean) => {
    const next = new Set(ticks.links);
    if (on) next.add(index);
    else next.delete(index);
    onChange({ ...ticks, links: next });
  };
  const hasProfile = profile.display_name || profile.bio || profile.avatar_url;
  return (
    <div className="grid gap-6">
      {hasProfile && (
        <section aria-labelledby="import-profile" className="grid gap-2">
          <h2 id="import-profile" className="text-lg font-semibold text-gray-900">
            Profile
          </h2>
          {profile.display_name && (
            <Check checked={ticks.display_name} onChange={(on) => onChange({ ...ticks, display_name: on })}>
              <span className="block text-xs text-gray-500">Name</span>
              <span className="block truncate font-medium text-gray-900">{profile.display_name}</span>
            </Check>
          )}
          {profile.bio && (
            <Check checked={ticks.bio} onChange={(on) => onChange({ ...ticks, bio: on })}>
              <span className="block text-xs text-gray-500">Bio</span>
              <span className="block text-sm break-words text-gray-900">{profile.bio}</span>
            </Check>
          )}
          {profile.avatar_url && (
            <Check checked={ticks.avatar} onChange={(on) => onChange({ ...ticks, avatar: on })}>
              <span className="block text-xs text-gray-500">Avatar</span>
              {profile.avatar_url.startsWith("data:image/") ? (
                <img src={profile.avatar_url} alt="The imported avatar" className="mt-1 h-12 w-12 rounded-full object-cover" />
              ) : (
                <span className="block truncate text-sm text-gray-900">Copied here from {hostOf(profile.avatar_url)}</span>
              )}
            </Check>
          )}
        </section>
      )}
      <section aria-labelledby="import-links" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="import-links" className="text-lg font-semibold text-gray-900">
            Links ({ticks.links.size} of {links.length})
          </h2>
          {links.length > 0 && (
            <div className="flex gap-3 text-sm">
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => onChange({ ...ticks, links: new Set(links.map((_, i) => i)) })}
              >
                Select all
              </button>
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => onChange({ ...ticks, links: new Set() })}
              >
                Select none
              </button>
            </div>
          )}
        </div>
        {links.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-500">
            No links were found; only the profile above can be imported.
          </p>
        ) : (
          <ul className="grid gap-2">
            {links.map((link, index) => (
              <li key={index}>
                <Check checked={ticks.links.has(index)} onChange={(on) => setLink(index, on)}>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium text-gray-900">{link.title}</span>
                    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-600">{LINK_TYPE_LABELS[link.link_type]}</span>
                    {!link.is_active && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">Inactive</span>}
                  </span>
                  {link.url && <span className="block truncate text-sm text-gray-500">{link.url}</span>}
                </Check>
              </li>
            ))}
          </ul>
        )}
      </section>
      {preview.not_imported.length > 0 && (
        <section aria-labelledby="import-left-out" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          <h2 id="import-left-out" className="font-semibold">
            Not brought over
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {preview.not_imported.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
