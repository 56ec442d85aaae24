import { z } from "zod";
import { analyticsQueryInput, timelineQueryInput, utmQueryInput } from "@/lib/schemas/analytics";
import { subscriberExportInput, subscriberFilters } from "@/lib/schemas/audience";
import { allowedDomainQuery } from "@/lib/schemas/domain";
import { linkEmbed } from "@/lib/schemas/embed";
import { publicSlugInput } from "@/lib/schemas/profile";
import { recordId } from "@/lib/schemas/record-id";
import { qrOptions } from "@/lib/schemas/share";
import * as s from "./schemas";

/**
 * The OpenAPI components no procedure declares as a whole: parts named inside answers, the error
 * shapes, path parameters and query strings. Bodies and answers are the procedures' own input and
 * output schemas (src/server/rest/operations.ts).
 */

/** Named so that the answers holding them refer to them ($ref) instead of repeating them. */
export const namedParts = {
  PublicLink: s.publicLink,
  LinkEmbed: linkEmbed,
  PublishedProfile: s.publishedProfile,
  UnpublishedProfile: s.unpublishedProfile,
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
  UtmQuery: utmQueryInput,
  QrQuery: qrOptions,
  AllowedDomainQuery: allowedDomainQuery,
  SubscriberQuery: subscriberFilters.extend(s.pageQuery.shape),
  SubscriberExportQuery: subscriberExportInput,
} satisfies Record<string, z.ZodType>;
