import type { Profile } from "@/generated/prisma/client";
import type { ProfileDto } from "@/lib/schemas/profile";

export type { ProfileDto };

/** What leaves the server for the owner of a profile (docs/product/api.md#entities). */
export function toProfileDto(profile: Profile): ProfileDto {
  return {
    id: profile.id,
    slug: profile.slug,
    display_name: profile.display_name,
    title: profile.title,
    bio: profile.bio,
    avatar_url: profile.avatar_url,
    profile_image: profile.profile_image,
    is_primary: profile.is_primary,
    show_branding: profile.show_branding,
    user_goal: profile.user_goal,
    onboarding_completed: profile.onboarding_completed,
    profile_visibility: profile.profile_visibility,
    show_click_stats: profile.show_click_stats,
    subscription_plan: profile.subscription_plan,
    created_at: profile.created_at,
  };
}
