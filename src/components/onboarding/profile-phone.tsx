import { ProfilePreview } from "@/components/profile-page/profile-preview";
import type { PublicProfileData } from "@/lib/public-profile";
import { PhoneFrame } from "@/components/ui/phone-frame";

/** The real page renderer inside the phone frame. */
export function ProfilePhone({ profile, label = "Preview of your page" }: { profile: PublicProfileData; label?: string }) {
  return (
    <PhoneFrame label={label}>
      <ProfilePreview profile={profile} />
    </PhoneFrame>
  );
}
