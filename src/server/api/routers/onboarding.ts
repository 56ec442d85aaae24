import { onboardingLinksInput } from "@/lib/schemas/onboarding";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { addOnboardingLinks } from "@/server/services/onboarding-links";

export const onboardingRouter = createTRPCRouter({
  addLinks: protectedProcedure
    .input(onboardingLinksInput)
    .mutation(async ({ ctx, input }) => ({ created: (await addOnboardingLinks(ctx.db, ctx.userId, input)).length })),
});
