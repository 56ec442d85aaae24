"use client";

import { useId } from "react";
import { SiteHost } from "@/components/marketing/site-host";
import { USERNAME_RESERVED, USERNAME_TAKEN } from "@/lib/schemas/profile";
import type { SlugAvailability } from "./use-slug-availability";

interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  availability: SlugAvailability;
  error?: string;
  /** What the input did to the typed text (characters left out); information, not an error. */
  note?: string;
  disabled: boolean;
}

const UNAVAILABLE: Partial<Record<SlugAvailability, string>> = { taken: USERNAME_TAKEN, reserved: USERNAME_RESERVED };

/** The address input: the site's host as a prefix, then the name; says whether the name is free. */
export function UsernameField({ value, onChange, availability, error, note, disabled }: UsernameFieldProps) {
  const id = useId();
  const message = error ?? UNAVAILABLE[availability];
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        Username
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white text-base transition focus-within:ring-2 ${
          message ? "border-red-400 focus-within:ring-red-200" : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
        } ${disabled ? "opacity-60" : ""}`}
      >
        <SiteHost className="shrink-0 pl-4 text-gray-500 select-none" />
        <input
          id={id}
          name="username"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          // The step's one field: focus starts where the person types.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourname"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          className="w-full min-w-0 rounded-xl bg-transparent py-3 pr-4 outline-none placeholder:text-gray-400 disabled:cursor-not-allowed"
        />
      </div>
      <p id={`${id}-status`} aria-live="polite" className="mt-1.5 min-h-5 text-sm">
        {note && <span className="block text-gray-600">{note}</span>}
        {message ? (
          <span className="text-red-600">{message}</span>
        ) : availability === "checking" ? (
          <span className="text-gray-500">Checking availability...</span>
        ) : availability === "available" ? (
          <span className="text-green-700">✓ {value} is available</span>
        ) : null}
      </p>
    </div>
  );
}
