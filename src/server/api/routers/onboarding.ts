import { onboardingLinksInput } from "@/lib/schemas/onboarding";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { addOnboardingLinks } from "@/server/services/onboarding-links";

export const onboardingRouter = createTRPCRouter({
  addLinks: protectedProcedure
    .input(onboardingLinksInput)
    .output(s.linksAdded)
    .mutation(async ({ ctx, input }) => ({ created: (await addOnboardingLinks(ctx.db, ctx.userId, input)).length })),
});
