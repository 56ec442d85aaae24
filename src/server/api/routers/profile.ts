import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  createProfileInput,
  profileDeletionSummary as profileDeletionSummarySchema,
  profileIdInput,
  publicSlugInput,
  slugCheckInput,
  slugInput,
  updateMyProfileInput,
  updateProfileByIdInput,
} from "@/lib/schemas/profile";
import { NO_PROFILE, UPLOAD_BODY_LIMIT } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { dataUrlRoom, resolveUpload } from "@/server/services/assets/assets";
import { completeOnboarding } from "@/server/services/onboarding";
import { getMe, updateMe } from "@/server/services/profiles/me";
import {
  claimSlug,
  createProfile,
  deleteProfile,
  findCurrentProfile,
  profileDeletionSummary,
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
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/{slug}/",
        tag: "Profile",
        auth: "optional",
        scope: "profiles:read",
        summary: "A public profile page's data",
        description:
          "Display fields, design and visible links with `is_published: true`. A private profile answers only `{slug, is_published: false}` (its owner, with a Bearer token, sees it all).",
        success: { status: 200, schema: "PublicProfile", description: "The page, or that it is not published." },
        errors: [404],
      },
    })
    .input(publicSlugInput)
    .output(s.publicProfile)
    .query(async ({ ctx, input }) => {
      const result = await loadPublicProfile(ctx.sql, input.slug, ctx.userId);
      if (result.status === "not_found") throw new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });
      if (result.status === "private") return { slug: input.slug.toLowerCase(), is_published: false as const };
      return { ...result.data, is_published: true as const };
    }),

  me: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/me/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:read",
        summary: "The account and its current profile",
        success: { status: 200, schema: "Me", description: "`profile` is null until a username is chosen." },
        errors: [],
      },
    })
    .input(z.void())
    .output(s.me)
    .query(({ ctx }) => getMe(ctx.db, ctx.userId)),

  /** The current profile rendered as visitors see it, for the onboarding and editor previews. */
  preview: protectedProcedure
    .input(z.void())
    .output(s.publicProfileData)
    .query(({ ctx }) => loadOwnerPreview(ctx.db, ctx.userId)),

  updateMe: protectedProcedure
    .meta({
      uploadRoom: dataUrlRoom("avatar"),
      rest: {
        method: "PATCH",
        path: "/profiles/me/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "UpdateMeRequest",
        maxBodyBytes: UPLOAD_BODY_LIMIT,
        summary: "Update the account and its current profile",
        description: `Any subset of the fields. first_name and last_name go to the account, the rest to the current profile; \`avatar_url\` may be an image data URL. ${NO_PROFILE}`,
        success: { status: 200, schema: "Me", description: "The account and current profile after the change." },
        errors: [400, 404],
      },
    })
    .input(updateMyProfileInput)
    .output(s.me)
    .mutation(({ ctx, input }) => updateMe(ctx.db, ctx.userId, input)),

  checkSlug: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/check-slug/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:read",
        body: "SlugRequest",
        summary: "Is a username available?",
        success: {
          status: 200,
          schema: "SlugAvailability",
          description:
            'Availability; the current profile\'s own slug counts as available. When not available, `reason` says why: `"reserved"`, `"taken"` or `"invalid"`.',
        },
        errors: [400, 429],
      },
    })
    .input(slugCheckInput)
    .output(s.slugAvailability)
    .query(async ({ ctx, input }) => {
      const current = await findCurrentProfile(ctx.db, ctx.userId);
      return checkSlugAvailability(ctx.db, input.slug, current?.id, ctx.clientIp);
    }),

  updateSlug: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/update-slug/",
        codes: ["conflict"],
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "SlugRequest",
        summary: "Choose or change the username",
        description:
          'Renames the current profile, or creates the first one. `{"slug": ["This username is already taken"]}` when taken, `{"slug": ["This username is reserved"]}` for a name kept for the app\'s own pages.',
        success: { status: 200, schema: "Profile", description: "The profile with its new slug." },
        errors: [400],
      },
    })
    .input(slugInput)
    .output(s.profile)
    .mutation(async ({ ctx, input }) => toProfileDto(await claimSlug(ctx.db, ctx.userId, input.slug))),

  completeOnboarding: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/complete-onboarding/",
        tag: "Profile",
        auth: "bearer",
        scope: "profiles:write",
        summary: "Mark onboarding as finished",
        success: { status: 200, schema: "Success", description: "onboarding_completed is now true." },
        errors: [],
      },
    })
    .input(z.void())
    .output(s.success)
    .mutation(async ({ ctx }) => {
      await completeOnboarding(ctx.db, ctx.userId);
      return { success: true };
    }),

  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/profiles/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:read",
        query: "Page",
        summary: "The account's profiles, primary first",
        description: "20 per page; a page past the last one is 404.",
        success: { status: 200, schema: "ProfilePage", description: "One page of profiles." },
        errors: [400, 404],
      },
    })
    .input(z.void())
    .output(s.profileList)
    .query(async ({ ctx }) => (await listProfiles(ctx.db, ctx.userId)).map(toProfileDto)),

  current: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/profiles/current/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:read",
        summary: "The current (primary) profile",
        description: NO_PROFILE,
        success: { status: 200, schema: "Profile", description: "The current profile." },
        errors: [404],
      },
    })
    .input(z.void())
    .output(s.currentProfile)
    .query(async ({ ctx }) => {
      const profile = await findCurrentProfile(ctx.db, ctx.userId);
      return profile ? toProfileDto(profile) : null;
    }),

  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/profiles/{id}/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:read",
        summary: "One of the account's profiles",
        success: { status: 200, schema: "Profile", description: "The profile." },
        errors: [404],
      },
    })
    .input(profileIdInput)
    .output(s.profile)
    .query(async ({ ctx, input }) => toProfileDto(await getOwnProfile(ctx.db, ctx.userId, input.id))),

  update: protectedProcedure
    .meta({
      uploadRoom: dataUrlRoom("avatar"),
      rest: {
        method: "PATCH",
        path: "/profiles/profiles/{id}/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "UpdateProfileRequest",
        maxBodyBytes: UPLOAD_BODY_LIMIT,
        summary: "Change one of the account's profiles",
        success: { status: 200, schema: "Profile", description: "The updated profile." },
        errors: [400, 404],
      },
    })
    .input(updateProfileByIdInput)
    .output(s.profile)
    .mutation(async ({ ctx, input }) => {
      const { avatar_url, ...data } = input.data;
      const avatar = avatar_url === undefined ? undefined : await resolveUpload(ctx.db, "avatar", "avatar_url", avatar_url);
      return toProfileDto(await updateProfileFields(ctx.db, ctx.userId, input.id, { ...data, avatar_url: avatar }));
    }),

  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/profiles/",
        codes: ["conflict"],
        idempotent: true,
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:write",
        body: "CreateProfileRequest",
        summary: "Create a profile",
        description:
          "The account's first profile becomes the current (primary) one. An account holds at most `MAX_PROFILES_PER_ACCOUNT` profiles (default 10): one more is refused with 400.",
        success: { status: 201, schema: "Profile", description: "The new profile." },
        errors: [400],
      },
    })
    .input(createProfileInput)
    .output(s.profile)
    .mutation(async ({ ctx, input }) => toProfileDto(await createProfile(ctx.db, ctx.userId, input))),

  switch: protectedProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/profiles/profiles/{id}/switch/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:write",
        summary: "Make a profile the current (primary) one",
        success: { status: 200, schema: "Profile", description: "The profile, now primary." },
        errors: [404],
      },
    })
    .input(profileIdInput)
    .output(s.profile)
    .mutation(async ({ ctx, input }) => toProfileDto(await switchProfile(ctx.db, ctx.userId, input.id))),

  /** For the deletion dialog: what goes with the profile. */
  deletionSummary: protectedProcedure
    .input(profileIdInput)
    .output(profileDeletionSummarySchema)
    .query(({ ctx, input }) => profileDeletionSummary(ctx.db, ctx.userId, input.id)),

  delete: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/profiles/profiles/{id}/delete/",
        tag: "Multi-profile",
        auth: "bearer",
        scope: "profiles:write",
        summary: "Delete a profile",
        description:
          "400 `Cannot delete your only profile` for the last one. Deleting the primary profile makes the oldest remaining one primary.",
        success: { status: 200, schema: "ProfileDeleted", description: "Deleted." },
        errors: [400, 404],
      },
    })
    .input(profileIdInput)
    .output(s.profileRemoved)
    .mutation(({ ctx, input }) => deleteProfile(ctx.db, ctx.userId, input.id)),
});
