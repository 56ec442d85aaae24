import type { USER_GOALS } from "@/lib/schemas/profile";

type UserGoal = (typeof USER_GOALS)[number];

/** The cards of the goal step, in the order USER_GOALS lists them. */
export const GOAL_OPTIONS: Record<UserGoal, { title: string; description: string }> = {
  creator: { title: "Creator", description: "Build my following and explore ways to monetize my audience." },
  business: { title: "Business", description: "Grow my business and reach more customers." },
  personal: { title: "Personal", description: "Share links with my friends and acquaintances." },
};
