"use client";

import { TextField } from "@/components/ui/text-field";
import { cleanSlugInput } from "@/lib/schemas/profile";

export type Target = "current" | "new";

interface ImportTargetProps {
  target: Target;
  slug: string;
  currentSlug: string | null;
  profileCount: number;
  error?: string;
  disabled: boolean;
  onTarget: (target: Target) => void;
  onSlug: (slug: string) => void;
}

/** Where the import goes: after the current page's links, or into a new page with its own username. */
export function ImportTarget({ target, slug, currentSlug, profileCount, error, disabled, onTarget, onSlug }: ImportTargetProps) {
  const option = (value: Target, label: string) => (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-gray-800">
      <input
        type="radio"
        name="import-target"
        value={value}
        checked={target === value}
        onChange={() => onTarget(value)}
        disabled={disabled}
        className="accent-brand-600"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Import into</legend>
      {currentSlug && option("current", `My current page (@${currentSlug}), after its links`)}
      {option("new", profileCount > 1 ? `${profileCount} new pages` : "A new page")}
      {target === "new" && (
        <TextField
          label={profileCount > 1 ? "Username of the first new page (the others keep theirs)" : "Username of the new page"}
          prefix="/u/"
          value={slug}
          onChange={(event) => onSlug(cleanSlugInput(event.target.value))}
          disabled={disabled}
          error={error}
          autoComplete="off"
        />
      )}
    </fieldset>
  );
}
