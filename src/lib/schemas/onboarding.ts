import { z } from "zod";
import { MAX_PLATFORMS, PLATFORMS } from "@/lib/onboarding/platforms";
import { TITLE_MAX_LENGTH } from "./link";

export const platformsInput = z.array(z.enum(PLATFORMS)).max(MAX_PLATFORMS, `Choose at most ${MAX_PLATFORMS} platforms`);

export const onboardingLinksInput = z.strictObject({
  platforms: z.partialRecord(z.enum(PLATFORMS), z.string().max(500)),
  extra: z
    .array(z.strictObject({ title: z.string().max(TITLE_MAX_LENGTH), url: z.string().max(2048) }))
    .max(20, "Add at most 20 extra links")
    .default([]),
});
export type OnboardingLinksInput = z.input<typeof onboardingLinksInput>;
