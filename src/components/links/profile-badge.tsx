import type { ProfileDto } from "@/lib/schemas/profile";

/** The profile's picture, or the first letter of its name on a tinted disc. */
export function ProfileBadge({ profile }: { profile: Pick<ProfileDto, "slug" | "display_name" | "avatar_url"> }) {
  const box = "h-12 w-12 shrink-0 rounded-full";
  if (profile.avatar_url) return <img src={profile.avatar_url} alt="" className={`${box} bg-gray-100 object-cover`} />;
  return (
    <span
      aria-hidden
      className={`${box} flex items-center justify-center bg-linear-to-br from-brand-100 to-brand-50 text-lg font-semibold text-brand-700 ring-1 ring-brand-100`}
    >
      {(profile.display_name || profile.slug || "?").charAt(0).toUpperCase()}
    </span>
  );
}
