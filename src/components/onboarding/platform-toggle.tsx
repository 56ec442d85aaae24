import { PLATFORM_INFO, type Platform } from "@/lib/onboarding/platforms";
import { PlatformBadge } from "./platform-badge";

interface PlatformToggleProps {
  platform: Platform;
  pressed: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/** One platform as a toggle button (aria-pressed). */
export function PlatformToggle({ platform, pressed, disabled, onToggle }: PlatformToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
      className={`flex items-center gap-3 rounded-2xl border-2 bg-white p-3 text-left font-semibold transition disabled:cursor-not-allowed disabled:opacity-40 ${
        pressed ? "border-brand-600 bg-brand-50 text-brand-700" : "border-gray-200 text-gray-800 hover:border-gray-300"
      }`}
    >
      <PlatformBadge platform={platform} />
      <span className="min-w-0 flex-1 truncate">{PLATFORM_INFO[platform].label}</span>
      {pressed && (
        <span aria-hidden="true" className="text-brand-600">
          ✓
        </span>
      )}
    </button>
  );
}
