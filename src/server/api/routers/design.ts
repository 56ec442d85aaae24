import { z } from "zod";
import { templateInput } from "@/lib/schemas/templates";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { applyTemplate, resetDesign } from "@/server/services/design/templates";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";

export const designRouter = createTRPCRouter({
  applyTemplate: protectedProcedure.input(templateInput).mutation(async ({ ctx, input }) => {
    const profile = await requireCurrentProfile(ctx.db, ctx.userId);
    await applyTemplate(ctx.db, profile.id, input.template);
    return { success: true, template: input.template };
  }),

  reset: protectedProcedure.input(z.void()).mutation(async ({ ctx }) => {
    const profile = await requireCurrentProfile(ctx.db, ctx.userId);
    await resetDesign(ctx.db, profile.id);
    return { success: true };
  }),
});
