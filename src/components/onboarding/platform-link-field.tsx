import { useId } from "react";
import { PLATFORM_INFO, platformUrl, type Platform } from "@/lib/onboarding/platforms";
import { PlatformBadge } from "./platform-badge";

interface PlatformLinkFieldProps {
  platform: Platform;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One chosen platform: the handle or address, and the link it will become. */
export function PlatformLinkField({ platform, value, error, disabled, onChange }: PlatformLinkFieldProps) {
  const id = useId();
  const info = PLATFORM_INFO[platform];
  const described = [error && `${id}-error`, value.trim() && `${id}-url`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex gap-3">
      <PlatformBadge platform={platform} className="mt-7 h-10 w-10 text-sm" />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
          {info.label}
        </label>
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          placeholder={info.placeholder}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`w-full rounded-xl border bg-white px-3 py-2.5 text-sm outline-none placeholder:text-gray-400 focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60 ${
            error ? "border-red-400 focus:ring-red-200" : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
          }`}
        />
        {value.trim() && (
          <p id={`${id}-url`} className="mt-1 truncate text-xs text-gray-500">
            {platformUrl(platform, value)}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
