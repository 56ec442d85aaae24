import { z } from "zod";
import { designInput } from "@/lib/schemas/design";
import { templateInput } from "@/lib/schemas/templates";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { getDesign, saveDesign } from "@/server/services/design/design";
import { applyTemplate, resetDesign } from "@/server/services/design/templates";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";

export const designRouter = createTRPCRouter({
  get: protectedProcedure.input(z.void()).query(({ ctx }) => getDesign(ctx.db, ctx.userId)),

  save: protectedProcedure.input(designInput).mutation(({ ctx, input }) => saveDesign(ctx.db, ctx.userId, input)),

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
