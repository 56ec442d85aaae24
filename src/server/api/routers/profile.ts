import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { completeOnboarding } from "@/server/services/onboarding";

export const profileRouter = createTRPCRouter({
  completeOnboarding: protectedProcedure.input(z.void()).mutation(async ({ ctx }) => {
    await completeOnboarding(ctx.db, ctx.userId);
    return { success: true };
  }),
});
