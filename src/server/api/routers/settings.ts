import { z } from "zod";
import { updateSettingsInput } from "@/lib/schemas/settings";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { getSettings, updateSettings } from "@/server/services/settings";

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure.input(z.void()).query(({ ctx }) => getSettings(ctx.db, ctx.userId)),

  update: protectedProcedure
    .input(updateSettingsInput)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.userId, input)),
});
