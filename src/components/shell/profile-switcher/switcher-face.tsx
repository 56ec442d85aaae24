import { InlineSpinner } from "./inline-spinner";
import { ProfileAvatar, profileName } from "./profile-avatar";
import type { ShellProfile } from "./types";

/** The switcher button's look, the same before and after the menu's script has loaded. */
export const SWITCHER_BUTTON_CLASS =
  "group flex w-full items-center gap-3 rounded-xl border border-gray-200 bg-white px-3 py-2 text-left shadow-xs transition hover:border-gray-300 hover:bg-gray-50 aria-expanded:border-brand-500 aria-expanded:ring-2 aria-expanded:ring-brand-100";

/** What the switcher's button holds: the current profile (or a prompt to create one) and a chevron. */
export function SwitcherFace({ current, reloading }: { current: ShellProfile | null; reloading: boolean }) {
  return (
    <>
      <span className="sr-only">Switch profile. Current profile:</span>
      {current ? (
        <>
          <ProfileAvatar profile={current} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-gray-900">{profileName(current)}</span>
            <span className="block truncate text-xs text-gray-500">@{current.slug}</span>
          </span>
        </>
      ) : (
        <>
          <span
            aria-hidden
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-dashed border-gray-300 text-gray-400"
          >
            ?
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-gray-700">No profile yet</span>
            <span className="block truncate text-xs text-gray-500">Create one to get started</span>
          </span>
        </>
      )}
      {reloading ? (
        <InlineSpinner />
      ) : (
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="h-4 w-4 shrink-0 text-gray-400 transition group-aria-expanded:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m6 8 4 4 4-4" />
        </svg>
      )}
    </>
  );
}
