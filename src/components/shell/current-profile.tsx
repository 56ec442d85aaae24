export interface ShellProfile {
  slug: string;
  display_name: string;
}

/** The profile the dashboard is editing; the switcher of issue 3 grows out of this spot. */
export function CurrentProfile({ profile }: { profile: ShellProfile | null }) {
  if (!profile) return <p className="px-3 text-sm text-gray-500">No profile yet</p>;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-gray-200 px-3 py-2">
      <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
        {(profile.display_name || profile.slug).charAt(0).toUpperCase()}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{profile.display_name || profile.slug}</span>
        <span className="block truncate text-xs text-gray-500">@{profile.slug}</span>
      </span>
    </div>
  );
}
