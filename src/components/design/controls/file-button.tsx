"use client";

import { useId, useState, type ChangeEvent } from "react";
import { type FileRule, readPickedFile } from "@/components/ui/read-file";

interface FileButtonProps {
  label: string;
  hint: string;
  rule: FileRule;
  /** A message about the stored file from the last save, shown until the next pick. */
  error?: string;
  onLoad: (dataUrl: string) => void;
}

/** A file input styled as a button: checks type and size first, then hands over a data URL. */
export function FileButton({ label, hint, rule, error, onLoad }: FileButtonProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = await readPickedFile(event.target, rule);
    if (!picked) return;
    setProblem("problem" in picked ? picked.problem : null);
    if ("dataUrl" in picked) onLoad(picked.dataUrl);
  }

  return (
    <div className="min-w-0">
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        {label}
        <input
          type="file"
          accept={rule.accept}
          onChange={(event) => void pick(event)}
          aria-describedby={`${id}-hint`}
          className="sr-only"
        />
      </label>
      <p id={`${id}-hint`} role={message ? "alert" : undefined} className={`mt-1.5 text-xs ${message ? "text-red-600" : "text-gray-500"}`}>
        {message ?? hint}
      </p>
    </div>
  );
}
