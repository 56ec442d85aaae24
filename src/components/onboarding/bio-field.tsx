import { useId } from "react";
import { ONBOARDING_BIO_MAX_LENGTH } from "@/lib/schemas/profile";

interface BioFieldProps {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** Bio with its n/160 counter; the limit is hard, the textarea stops accepting text there. */
export function BioField({ value, error, disabled, onChange }: BioFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          Bio
        </label>
        <span id={`${id}-count`} className="text-xs text-gray-500">
          {value.length}/{ONBOARDING_BIO_MAX_LENGTH}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        rows={3}
        maxLength={ONBOARDING_BIO_MAX_LENGTH}
        disabled={disabled}
        placeholder="Tell visitors a little about yourself"
        onChange={(event) => onChange(event.target.value.slice(0, ONBOARDING_BIO_MAX_LENGTH))}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        className={`w-full resize-none rounded-xl border bg-white px-3 py-2.5 text-sm outline-none placeholder:text-gray-400 focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60 ${
          error ? "border-red-400 focus:ring-red-200" : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
        }`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
