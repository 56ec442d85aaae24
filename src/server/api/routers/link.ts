import { z } from "zod";
import { createLinkInput, linkIdInput, reorderLinksInput, updateLinkInput } from "@/lib/schemas/link";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import {
  createLink,
  deleteLink,
  duplicateLink,
  getOwnLink,
  listLinks,
  reorderLinks,
  toggleLink,
  updateLink,
} from "@/server/services/links/links";
import { toLinkDto } from "@/server/services/links/serialize";

export const linkRouter = createTRPCRouter({
  list: protectedProcedure.input(z.void()).query(async ({ ctx }) => (await listLinks(ctx.db, ctx.userId)).map(toLinkDto)),

  get: protectedProcedure.input(linkIdInput).query(async ({ ctx, input }) => toLinkDto(await getOwnLink(ctx.db, ctx.userId, input.id))),

  create: protectedProcedure.input(createLinkInput).mutation(async ({ ctx, input }) => toLinkDto(await createLink(ctx.db, ctx.userId, input))),

  update: protectedProcedure
    .input(updateLinkInput)
    .mutation(async ({ ctx, input }) => toLinkDto(await updateLink(ctx.db, ctx.userId, input.id, input.data))),

  delete: protectedProcedure.input(linkIdInput).mutation(async ({ ctx, input }) => {
    await deleteLink(ctx.db, ctx.userId, input.id);
    return { success: true };
  }),

  toggle: protectedProcedure.input(linkIdInput).mutation(async ({ ctx, input }) => {
    const link = await toggleLink(ctx.db, ctx.userId, input.id);
    return { id: link.id, is_active: link.is_active };
  }),

  duplicate: protectedProcedure
    .input(linkIdInput)
    .mutation(async ({ ctx, input }) => toLinkDto(await duplicateLink(ctx.db, ctx.userId, input.id))),

  reorder: protectedProcedure
    .input(reorderLinksInput)
    .mutation(async ({ ctx, input }) => (await reorderLinks(ctx.db, ctx.userId, input.link_ids)).map(toLinkDto)),
});
