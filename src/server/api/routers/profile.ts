import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  createProfileInput,
  profileIdInput,
  publicSlugInput,
  slugInput,
  updateMyProfileInput,
  updateProfileByIdInput,
} from "@/lib/schemas/profile";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { resolveUpload } from "@/server/services/assets/assets";
import { completeOnboarding } from "@/server/services/onboarding";
import { getMe, updateMe } from "@/server/services/profiles/me";
import {
  claimSlug,
  createProfile,
  deleteProfile,
  findCurrentProfile,
  getOwnProfile,
  listProfiles,
  switchProfile,
  updateProfileFields,
} from "@/server/services/profiles/profiles";
import { toProfileDto } from "@/server/services/profiles/serialize";
import { checkSlugAvailability } from "@/server/services/profiles/slugs";
import { loadOwnerPreview, loadPublicProfile } from "@/server/services/public-profile";

export const profileRouter = createTRPCRouter({
  /**
   * GET /profiles/{slug}/ for anyone: the page's display fields, design and visible links, or only
   * `is_published: false` for a private profile (its owner still sees it). Any string is looked
   * up, so a malformed slug is simply not found.
   */
  public: publicProcedure
    .input(publicSlugInput)
    .query(async ({ ctx, input }) => {
      const result = await loadPublicProfile(ctx.db, input.slug, ctx.userId);
      if (result.status === "not_found") throw new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });
      if (result.status === "private") return { slug: input.slug.toLowerCase(), is_published: false as const };
      return { ...result.data, is_published: true as const };
    }),

  me: protectedProcedure.input(z.void()).query(({ ctx }) => getMe(ctx.db, ctx.userId)),

  /** The current profile rendered as visitors see it, for the onboarding and editor previews. */
  preview: protectedProcedure.input(z.void()).query(({ ctx }) => loadOwnerPreview(ctx.db, ctx.userId)),

  updateMe: protectedProcedure.input(updateMyProfileInput).mutation(({ ctx, input }) => updateMe(ctx.db, ctx.userId, input)),

  checkSlug: protectedProcedure.input(slugInput).query(async ({ ctx, input }) => {
    const current = await findCurrentProfile(ctx.db, ctx.userId);
    return { slug: input.slug, available: await checkSlugAvailability(ctx.db, input.slug, current?.id, ctx.clientIp) };
  }),

  updateSlug: protectedProcedure
    .input(slugInput)
    .mutation(async ({ ctx, input }) => toProfileDto(await claimSlug(ctx.db, ctx.userId, input.slug))),

  completeOnboarding: protectedProcedure.input(z.void()).mutation(async ({ ctx }) => {
    await completeOnboarding(ctx.db, ctx.userId);
    return { success: true };
  }),

  list: protectedProcedure
    .input(z.void())
    .query(async ({ ctx }) => (await listProfiles(ctx.db, ctx.userId)).map(toProfileDto)),

  current: protectedProcedure.input(z.void()).query(async ({ ctx }) => {
    const profile = await findCurrentProfile(ctx.db, ctx.userId);
    return profile ? toProfileDto(profile) : null;
  }),

  get: protectedProcedure
    .input(profileIdInput)
    .query(async ({ ctx, input }) => toProfileDto(await getOwnProfile(ctx.db, ctx.userId, input.id))),

  update: protectedProcedure.input(updateProfileByIdInput).mutation(async ({ ctx, input }) => {
    const { avatar_url, ...data } = input.data;
    const avatar = avatar_url === undefined ? undefined : await resolveUpload(ctx.db, "avatar", "avatar_url", avatar_url);
    return toProfileDto(await updateProfileFields(ctx.db, ctx.userId, input.id, { ...data, avatar_url: avatar }));
  }),

  create: protectedProcedure
    .input(createProfileInput)
    .mutation(async ({ ctx, input }) => toProfileDto(await createProfile(ctx.db, ctx.userId, input))),

  switch: protectedProcedure
    .input(profileIdInput)
    .mutation(async ({ ctx, input }) => toProfileDto(await switchProfile(ctx.db, ctx.userId, input.id))),

  delete: protectedProcedure.input(profileIdInput).mutation(({ ctx, input }) => deleteProfile(ctx.db, ctx.userId, input.id)),
});
