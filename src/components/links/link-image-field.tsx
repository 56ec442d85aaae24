"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { readPickedFile, type FileRule } from "@/components/ui/read-file";

const THUMBNAIL_RULE: FileRule = {
  accept: "image/png,image/jpeg,image/webp,image/gif",
  types: ["image/png", "image/jpeg", "image/webp", "image/gif"],
  maxBytes: 512 * 1024,
  wrongType: "Please choose a PNG, JPG, WebP or GIF image.",
};

interface LinkImageFieldProps {
  /** "Thumbnail" beside a button, "Icon" in a social link's round button. */
  label: "Thumbnail" | "Icon";
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A link's thumbnail or social icon: pick an image (up to 512 KB, as the server allows) or remove it. */
export function LinkImageField({ label, value, error, onChange }: LinkImageFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  async function pick(input: HTMLInputElement) {
    const picked = await readPickedFile(input, THUMBNAIL_RULE);
    if (!picked) return;
    if ("problem" in picked) return setProblem(picked.problem);
    setProblem(null);
    onChange(picked.dataUrl);
  }

  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium text-gray-700">
        {label} <span className="font-normal text-gray-500">(optional)</span>
      </span>
      <div className="flex items-center gap-3">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50 text-xs text-gray-500">
          {value ? <img src={value} alt={label} className="h-full w-full object-cover" /> : "None"}
        </span>
        <label
          htmlFor={id}
          className="cursor-pointer rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
        >
          {label === "Icon" ? (value ? "Change icon" : "Choose icon") : value ? "Change image" : "Choose image"}
          <input
            id={id}
            type="file"
            accept={THUMBNAIL_RULE.accept}
            className="sr-only"
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => void pick(event.currentTarget)}
          />
        </label>
        {value && (
          <Button variant="ghost" className="px-3 py-2" onClick={() => onChange("")}>
            {label === "Icon" ? "Remove icon" : "Remove image"}
          </Button>
        )}
      </div>
      {message && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
