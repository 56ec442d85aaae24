"use client";

import { useId, useState, type ChangeEvent } from "react";
import { FILE_RULES, readPickedFile } from "@/components/ui/read-file";

interface AvatarPickerProps {
  value: string | null;
  initial: string;
  error?: string;
  disabled: boolean;
  onChange: (dataUrl: string | null) => void;
}

/** Profile picture: an image file read locally as a data URL, previewed before anything is saved. */
export function AvatarPicker({ value, initial, error, disabled, onChange }: AvatarPickerProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = await readPickedFile(event.target, FILE_RULES.avatar);
    if (!picked) return;
    setProblem("problem" in picked ? picked.problem : null);
    if ("dataUrl" in picked) onChange(picked.dataUrl);
  }

  return (
    <div className="flex items-center gap-5">
      {value ? (
        <img src={value} alt="Your chosen avatar" className="h-20 w-20 shrink-0 rounded-full object-cover ring-1 ring-gray-200" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-700"
        >
          {initial}
        </span>
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2">
          <label
            className={`inline-flex cursor-pointer items-center rounded-xl border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
              disabled ? "pointer-events-none opacity-60" : ""
            }`}
          >
            {value ? "Change photo" : "Upload photo"}
            <input
              id={id}
              type="file"
              accept="image/*"
              disabled={disabled}
              onChange={(event) => void pick(event)}
              aria-describedby={`${id}-hint`}
              className="sr-only"
            />
          </label>
          {value && (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              className="rounded-xl px-3 py-2 text-sm font-medium text-gray-600 hover:bg-gray-100 disabled:opacity-60"
            >
              Remove
            </button>
          )}
        </div>
        <p
          id={`${id}-hint`}
          role={message ? "alert" : undefined}
          className={`mt-1.5 text-sm ${message ? "text-red-600" : "text-gray-500"}`}
        >
          {message ?? "An image file, up to 2 MB."}
        </p>
      </div>
    </div>
  );
}
