import { z } from "zod";
import { analyticsQueryInput, timelineQueryInput } from "@/lib/schemas/analytics";
import { changePasswordInput, googleInput, loginInput, logoutInput, refreshInput, registerInput } from "@/lib/schemas/auth";
import { designInput } from "@/lib/schemas/design";
import { createLinkInput, linkPatch, reorderLinksInput } from "@/lib/schemas/link";
import { createProfileInput, publicSlugInput, slugInput, updateMyProfileInput, updateProfileByIdInput } from "@/lib/schemas/profile";
import { recordId } from "@/lib/schemas/record-id";
import { updateSettingsInput } from "@/lib/schemas/settings";
import { templateInput } from "@/lib/schemas/templates";
import * as s from "./schemas";

/** The named schemas of the OpenAPI document's components, by the name operations refer to. */

/** Request bodies: the same zod schemas the tRPC procedures validate with. */
export const requestSchemas = {
  RegisterRequest: registerInput,
  LoginRequest: loginInput,
  GoogleLoginRequest: googleInput,
  RefreshRequest: refreshInput,
  LogoutRequest: logoutInput,
  ChangePasswordRequest: changePasswordInput,
  UpdateMeRequest: updateMyProfileInput,
  SlugRequest: slugInput,
  DesignRequest: designInput,
  TemplateRequest: templateInput,
  UpdateSettingsRequest: updateSettingsInput,
  CreateLinkRequest: createLinkInput,
  UpdateLinkRequest: linkPatch,
  ReorderLinksRequest: reorderLinksInput,
  ClickRequest: s.clickInput,
  CreateProfileRequest: createProfileInput,
  UpdateProfileRequest: updateProfileByIdInput.shape.data,
} satisfies Record<string, z.ZodType>;

export const responseSchemas = {
  User: s.user,
  Profile: s.profile,
  ProfilePage: s.profilePage,
  Me: s.me,
  Link: s.link,
  LinkPage: s.linkPage,
  LinkList: z.array(s.link),
  LinkToggled: s.linkToggled,
  Design: s.design,
  PublicLink: s.publicLink,
  PublishedProfile: s.publishedProfile,
  UnpublishedProfile: s.unpublishedProfile,
  PublicProfile: s.publicProfile,
  Tokens: s.tokens,
  AuthResult: s.authResult,
  GoogleAuthResult: s.googleAuthResult,
  Success: s.success,
  TemplateApplied: s.templateApplied,
  ProfileDeleted: s.profileDeleted,
  SlugAvailability: s.slugAvailability,
  Settings: s.settings,
  AnalyticsOverview: s.analyticsOverview,
  AnalyticsLinks: s.analyticsLinks,
  AnalyticsTimeline: s.analyticsTimeline,
  AnalyticsDevices: s.analyticsDevices,
  AnalyticsLocations: s.analyticsLocations,
  Error: s.error,
  ValidationError: s.validationError,
} satisfies Record<string, z.ZodType>;

/** Path parameters by name: the same schemas the procedures check them with. */
export const pathParamSchemas = {
  id: recordId,
  slug: publicSlugInput.shape.slug,
} satisfies Record<string, z.ZodType>;

/** Query strings, one parameter per property. */
export const querySchemas = {
  Page: s.pageQuery,
  AnalyticsQuery: analyticsQueryInput,
  TimelineQuery: timelineQueryInput,
} satisfies Record<string, z.ZodType>;
