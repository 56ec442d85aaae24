import "./fonts";
import "./profile-page.css";
import type { PublicProfileData } from "@/lib/public-profile";
import { ProfileView } from "./profile-view";

/** The page renderer inside the app (editor, onboarding, dashboard), with its stylesheet and fonts. */
export function ProfilePreview({ profile }: { profile: PublicProfileData }) {
  return <ProfileView profile={profile} mode="preview" />;
}
