/** The onboarding steps in order (docs/product/accounts.md#onboarding); the progress indicator counts through these. */
export const STEPS = ["username", "goals", "pro", "pricing", "templates", "platforms", "addLinks", "profile", "complete"] as const;
export type StepId = (typeof STEPS)[number];

export const STEP_PATHS: Record<StepId, string> = {
  username: "/onboarding",
  goals: "/onboarding/goals",
  pro: "/onboarding/pro",
  pricing: "/pricing",
  templates: "/onboarding/templates",
  platforms: "/onboarding/platforms",
  addLinks: "/onboarding/add-links",
  profile: "/onboarding/profile",
  complete: "/onboarding/complete",
};

export const TOTAL_STEPS = STEPS.length;

export function stepNumber(step: StepId): number {
  return STEPS.indexOf(step) + 1;
}
