import { z } from "zod";
import { updateSettingsInput } from "@/lib/schemas/settings";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { emailLinkInput } from "@/lib/schemas/auth";
import { ServiceError } from "@/server/services/errors";
import { unsubscribe } from "@/server/services/notifications/unsubscribe";
import { getSettings, updateSettings } from "@/server/services/settings";

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/settings/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:read",
        summary: "The account's settings",
        success: { status: 200, schema: "Settings", description: "Notification switches, two-factor state and goal." },
        errors: [],
      },
    })
    .input(z.void())
    .output(s.settings)
    .query(({ ctx }) => getSettings(ctx.db, ctx.userId)),

  update: protectedProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/profiles/settings/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "UpdateSettingsRequest",
        summary: "Change settings",
        description:
          "Any subset; fields left out keep their value. `two_factor_enabled` is read-only and ignored: `/auth/2fa/enable/` and `/auth/2fa/disable/` change it.",
        success: { status: 200, schema: "Settings", description: "All settings after the change." },
        errors: [400],
      },
    })
    .input(updateSettingsInput)
    .output(s.settings)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.userId, input)),

  /** The unsubscribe page's button: turns off the list the message came from. */
  unsubscribe: publicProcedure
    .input(emailLinkInput)
    .output(z.object({ list: z.enum(["digest", "monthly"]) }))
    .mutation(async ({ ctx, input }) => {
      const list = await unsubscribe(ctx.db, input.token);
      if (!list) throw new ServiceError("BAD_REQUEST", "This unsubscribe link is invalid.");
      return { list };
    }),
});
