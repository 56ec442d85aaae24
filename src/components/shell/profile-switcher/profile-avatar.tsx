import type { ShellProfile } from "./types";

/** A profile's picture, or the first letter of its name on a tinted disc when it has none. */
export function ProfileAvatar({ profile, size = "md" }: { profile: ShellProfile; size?: "sm" | "md" }) {
  const box = size === "sm" ? "h-8 w-8 text-sm" : "h-9 w-9 text-base";
  if (profile.avatar_url) {
    return <img src={profile.avatar_url} alt="" className={`${box} shrink-0 rounded-full bg-gray-100 object-cover`} />;
  }
  const initial = (profile.display_name || profile.slug || "?").charAt(0).toUpperCase();
  return (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-100 to-brand-50 font-semibold text-brand-700 ring-1 ring-brand-100`}
    >
      {initial}
    </span>
  );
}

export function profileName(profile: Pick<ShellProfile, "slug" | "display_name">): string {
  return profile.display_name || profile.slug;
}
