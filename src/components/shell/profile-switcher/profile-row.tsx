import { DropdownMenu } from "radix-ui";
import { InlineSpinner } from "./inline-spinner";
import { ProfileAvatar, profileName } from "./profile-avatar";
import type { ListedProfile } from "./types";

interface ProfileRowProps {
  profile: ListedProfile;
  canDelete: boolean;
  busy: boolean;
  switching: boolean;
  deleting: boolean;
  onChoose: () => void;
  onDelete: () => void;
}

/** One profile in the switcher menu: a radio item that switches to it, and its delete button when more than one exists. */
export function ProfileRow({ profile, canDelete, busy, switching, deleting, onChoose, onDelete }: ProfileRowProps) {
  const name = profileName(profile);
  return (
    <div
      data-menu-row
      className={`flex items-center gap-0.5 rounded-lg transition ${deleting ? "opacity-50" : ""} ${profile.is_primary ? "bg-brand-50/70" : ""}`}
    >
      <DropdownMenu.RadioItem
        value={profile.id}
        aria-disabled={busy || undefined}
        onSelect={(event) => {
          // The menu stays open while the switch is under way; it closes once the server agreed.
          if (!profile.is_primary) event.preventDefault();
          onChoose();
        }}
        className="flex min-w-0 flex-1 cursor-default items-center gap-2.5 rounded-lg px-2 py-2 text-left transition outline-none hover:bg-gray-100 focus:bg-gray-100 aria-disabled:cursor-not-allowed"
      >
        <ProfileAvatar profile={profile} size="sm" />
        <span className="min-w-0 flex-1">
          <span title={name} className="block truncate text-sm font-medium text-gray-900">
            {name}
          </span>
          <span className="block truncate text-xs text-gray-500">@{profile.slug}</span>
        </span>
        {switching ? (
          <InlineSpinner />
        ) : (
          profile.is_primary && (
            <svg
              aria-hidden
              data-testid="current-profile-check"
              viewBox="0 0 20 20"
              className="h-4 w-4 shrink-0 text-brand-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m4.5 10.5 3.5 3.5 7.5-8" />
            </svg>
          )
        )}
      </DropdownMenu.RadioItem>
      {canDelete && (
        <DropdownMenu.Item
          data-menu-delete
          aria-label={`Delete profile @${profile.slug}`}
          title="Delete profile"
          aria-disabled={busy || undefined}
          onSelect={(event) => {
            event.preventDefault();
            onDelete();
          }}
          className="shrink-0 cursor-default rounded-lg p-2 text-gray-400 transition outline-none hover:bg-red-50 hover:text-red-600 focus:bg-red-50 focus:text-red-600 aria-disabled:cursor-not-allowed aria-disabled:hover:bg-transparent aria-disabled:hover:text-gray-400"
        >
          {deleting ? (
            <InlineSpinner />
          ) : (
            <svg
              aria-hidden
              viewBox="0 0 20 20"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3.5 5.5h13M8 5.5V4a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M5.5 5.5l.7 10a1.5 1.5 0 0 0 1.5 1.4h4.6a1.5 1.5 0 0 0 1.5-1.4l.7-10M8.5 9v4.5M11.5 9v4.5" />
            </svg>
          )}
        </DropdownMenu.Item>
      )}
    </div>
  );
}
