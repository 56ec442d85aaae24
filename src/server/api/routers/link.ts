import { z } from "zod";
import { createLinkInput, linkIdInput, reorderLinksInput, updateLinkInput } from "@/lib/schemas/link";
import { NO_PROFILE } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
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
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/links/",
        tag: "Links",
        auth: "bearer",
        scope: "links:read",
        query: "Page",
        summary: "The current profile's links, in order",
        description: `20 per page. ${NO_PROFILE} A page past the last one is 404.`,
        success: { status: 200, schema: "LinkPage", description: "One page of links." },
        errors: [400, 404],
      },
    })
    .input(z.void())
    .output(s.linkList)
    .query(async ({ ctx }) => (await listLinks(ctx.db, ctx.userId)).map(toLinkDto)),

  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/links/{id}/",
        tag: "Links",
        auth: "bearer",
        scope: "links:read",
        summary: "One link",
        success: { status: 200, schema: "Link", description: "The link." },
        errors: [404],
      },
    })
    .input(linkIdInput)
    .output(s.link)
    .query(async ({ ctx, input }) => toLinkDto(await getOwnLink(ctx.db, ctx.userId, input.id))),

  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/",
        idempotent: true,
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        body: "CreateLinkRequest",
        summary: "Add a link",
        description: `The link is appended at the end (position = number of links); \`order\`/\`position\` are accepted and ignored. A URL without a scheme gets https://. ${NO_PROFILE}`,
        success: { status: 201, schema: "Link", description: "The created link." },
        errors: [400, 404],
      },
    })
    .input(createLinkInput)
    .output(s.link)
    .mutation(async ({ ctx, input }) => toLinkDto(await createLink(ctx.db, ctx.userId, input))),

  update: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/links/{id}/",
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        body: "UpdateLinkRequest",
        summary: "Change a link",
        description: "Any subset of the fields; the whole link is validated again after the change.",
        success: { status: 200, schema: "Link", description: "The updated link." },
        errors: [400, 404],
      },
    })
    .input(updateLinkInput)
    .output(s.link)
    .mutation(async ({ ctx, input }) => toLinkDto(await updateLink(ctx.db, ctx.userId, input.id, input.data))),

  delete: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/links/{id}/",
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        summary: "Delete a link",
        success: { status: 204, description: "Deleted; the links after it move up." },
        errors: [404],
      },
    })
    .input(linkIdInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await deleteLink(ctx.db, ctx.userId, input.id);
      return { success: true };
    }),

  toggle: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/{id}/toggle/",
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        summary: "Switch a link active or inactive",
        success: { status: 200, schema: "LinkToggled", description: "The link's new state." },
        errors: [404],
      },
    })
    .input(linkIdInput)
    .output(s.linkToggled)
    .mutation(async ({ ctx, input }) => {
      const link = await toggleLink(ctx.db, ctx.userId, input.id);
      return { id: link.id, is_active: link.is_active };
    }),

  duplicate: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/{id}/duplicate/",
        idempotent: true,
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        summary: "Duplicate a link",
        success: { status: 201, schema: "Link", description: "The copy." },
        errors: [404],
      },
    })
    .input(linkIdInput)
    .output(s.link)
    .mutation(async ({ ctx, input }) => toLinkDto(await duplicateLink(ctx.db, ctx.userId, input.id))),

  reorder: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/reorder/",
        tag: "Links",
        auth: "bearer",
        scope: "links:write",
        body: "ReorderLinksRequest",
        summary: "Reorder the links",
        description: "`link_ids` lists every link of the current profile, in the new order.",
        success: { status: 200, schema: "LinkList", description: "All links in their new order." },
        errors: [400, 404],
      },
    })
    .input(reorderLinksInput)
    .output(s.linkList)
    .mutation(async ({ ctx, input }) => (await reorderLinks(ctx.db, ctx.userId, input.link_ids)).map(toLinkDto)),
});
