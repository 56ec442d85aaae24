"use client";

import { useId } from "react";
import { SiteHost } from "@/components/marketing/site-host";

/** The username after this site's address ("host/"); a refused name is explained below it. */
export function UsernameInput({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        Username
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white transition focus-within:ring-2 ${
          error ? "border-red-400 focus-within:ring-red-200" : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
        }`}
      >
        <SiteHost className="shrink-0 pl-3 text-sm text-gray-500 select-none" />
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourname"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded-xl bg-transparent py-2.5 pr-3 text-sm outline-none placeholder:text-gray-400"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
