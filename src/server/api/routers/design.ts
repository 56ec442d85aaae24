import { z } from "zod";
import { designInput } from "@/lib/schemas/design";
import { templateInput } from "@/lib/schemas/templates";
import { NO_PROFILE, UPLOAD_BODY_LIMIT } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { dataUrlRoom } from "@/server/services/assets/assets";
import { getDesign, saveDesign } from "@/server/services/design/design";
import { applyTemplate, resetDesign } from "@/server/services/design/templates";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";

export const designRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/design/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:read",
        summary: "The current profile's design",
        description: NO_PROFILE,
        success: { status: 200, schema: "Design", description: "The whole design." },
        errors: [404],
      },
    })
    .input(z.void())
    .output(s.design)
    .query(({ ctx }) => getDesign(ctx.db, ctx.userId)),

  save: protectedProcedure
    .meta({
      uploadRoom: dataUrlRoom("background", "music"),
      rest: {
        method: "PUT",
        path: "/profiles/design/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "DesignRequest",
        maxBodyBytes: UPLOAD_BODY_LIMIT,
        summary: "Save the design",
        description: `Any subset of the design fields is merged into the stored design; unknown enumeration values fall back to their defaults. Images and music may be data URLs. ${NO_PROFILE}`,
        success: { status: 200, schema: "Design", description: "The whole design as stored." },
        errors: [400, 404],
      },
    })
    .input(designInput)
    .output(s.design)
    .mutation(({ ctx, input }) => saveDesign(ctx.db, ctx.userId, input)),

  applyTemplate: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/design/template/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "TemplateRequest",
        summary: "Apply a design template",
        description: NO_PROFILE,
        success: { status: 200, schema: "TemplateApplied", description: "The template was applied." },
        errors: [400, 404],
      },
    })
    .input(templateInput)
    .output(s.templateApplied)
    .mutation(async ({ ctx, input }) => {
      const profile = await requireCurrentProfile(ctx.db, ctx.userId);
      await applyTemplate(ctx.db, profile.id, input.template);
      return { success: true, template: input.template };
    }),

  reset: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/design/reset/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        summary: "Reset the design to the defaults",
        description: NO_PROFILE,
        success: { status: 200, schema: "Success", description: "The design is the default one again." },
        errors: [404],
      },
    })
    .input(z.void())
    .output(s.success)
    .mutation(async ({ ctx }) => {
      const profile = await requireCurrentProfile(ctx.db, ctx.userId);
      await resetDesign(ctx.db, profile.id);
      return { success: true };
    }),
});
