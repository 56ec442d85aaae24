import { rememberTimeZone } from "@/server/services/settings";
import {
  analyticsExport,
  analyticsQueryInput,
  exportQueryInput,
  filtersOf,
  linkDetailInput,
  timelineQueryInput,
  utmQueryInput,
  type AnalyticsQuery,
} from "@/lib/schemas/analytics";
import { NO_PROFILE, type ProcedureMeta, type QueryName } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { getBrowsers, getDevices, getLocations, getOperatingSystems, getReferrers, getUtm } from "@/server/services/analytics/breakdowns";
import { exportAnalytics } from "@/server/services/analytics/export";
import { getLinkDetail } from "@/server/services/analytics/link-detail";
import { getLinkAnalytics, getOverview, getTimeline, type AnalyticsScope } from "@/server/services/analytics/queries";
import { getRealtime } from "@/server/services/analytics/realtime";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";
import type { Context } from "../context";

/** The signed-in user's current profile and the requested period and filters, on the real clock. */
async function scopeOf(ctx: Context & { userId: string }, input: AnalyticsQuery) {
  const profile = await requireCurrentProfile(ctx.db, ctx.userId);
  const scope: AnalyticsScope = {
    profileId: profile.id,
    days: input.days,
    tz: input.tz,
    from: input.from,
    to: input.to,
    filters: filtersOf(input),
  };
  if (input.tz) await rememberTimeZone(ctx.db, ctx.userId, input.tz);
  return { profile, scope, sql: ctx.sql };
}

const FILTERS_NOTE = "Filters (country, device, browser, os, referrer, utm_source) repeat for any of several values and combine with AND. ";

/** Every report is a GET of the current profile's period: 400 for a bad period or filter, 404 without a profile. */
function report(
  name: string,
  summary: string,
  answer: { schema: string; description: string },
  query: QueryName = "AnalyticsQuery",
  note = "",
): ProcedureMeta {
  return {
    rest: {
      method: "GET",
      path: `/analytics/${name}/`,
      tag: "Analytics",
      auth: "bearer",
      scope: "analytics:read",
      query,
      summary,
      description: `${note}${FILTERS_NOTE}${NO_PROFILE}`,
      success: { status: 200, ...answer },
      errors: [400, 404],
    },
  };
}

export const analyticsRouter = createTRPCRouter({
  overview: protectedProcedure
    .meta(
      report("overview", "Totals: views, clicks, unique visitors, click rate", {
        schema: "AnalyticsOverview",
        description: "Totals of the period and their change.",
      }),
    )
    .input(analyticsQueryInput)
    .output(s.analyticsOverview)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getOverview(sql, scope);
    }),

  links: protectedProcedure
    .meta(report("links", "Clicks per link", { schema: "AnalyticsLinks", description: "Links with their clicks in the period." }))
    .input(analyticsQueryInput)
    .output(s.analyticsLinks)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getLinkAnalytics(sql, scope);
    }),

  timeline: protectedProcedure
    .meta(
      report(
        "timeline",
        "Views and clicks per day",
        { schema: "AnalyticsTimeline", description: "One point per day, oldest first." },
        "TimelineQuery",
        "Defaults to 30 days. ",
      ),
    )
    .input(timelineQueryInput)
    .output(s.analyticsTimeline)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getTimeline(sql, scope, input.interval);
    }),

  devices: protectedProcedure
    .meta(report("devices", "Views by device type", { schema: "AnalyticsDevices", description: "Device types with their share." }))
    .input(analyticsQueryInput)
    .output(s.analyticsDevices)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getDevices(sql, scope);
    }),

  locations: protectedProcedure
    .meta(
      report("locations", "Views by country", {
        schema: "AnalyticsLocations",
        description: "Countries ('Unknown' when unknown) with their share.",
      }),
    )
    .input(analyticsQueryInput)
    .output(s.analyticsLocations)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getLocations(sql, scope);
    }),

  referrers: protectedProcedure
    .meta(
      report("referrers", "Views by referrer", {
        schema: "AnalyticsReferrers",
        description: 'Referring hosts ("QR code" for the page\'s QR code, "Direct" for none) with their share.',
      }),
    )
    .input(analyticsQueryInput)
    .output(s.analyticsReferrers)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getReferrers(sql, scope);
    }),

  browsers: protectedProcedure
    .meta(
      report("browsers", "Views by browser", {
        schema: "AnalyticsBrowsers",
        description: "Browsers ('Unknown' when unknown) with their share.",
      }),
    )
    .input(analyticsQueryInput)
    .output(s.analyticsBrowsers)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getBrowsers(sql, scope);
    }),

  os: protectedProcedure
    .meta(report("os", "Views by operating system", { schema: "AnalyticsOs", description: "Operating systems with their share." }))
    .input(analyticsQueryInput)
    .output(s.analyticsOs)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getOperatingSystems(sql, scope);
    }),

  utm: protectedProcedure
    .meta(
      report(
        "utm",
        "Views by UTM source, medium or campaign",
        { schema: "AnalyticsUtm", description: "Values of the chosen utm_* parameter of the address visitors arrived with." },
        "UtmQuery",
        "field=source (default), medium or campaign. ",
      ),
    )
    .input(utmQueryInput)
    .output(s.analyticsUtm)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getUtm(sql, scope, input.field);
    }),

  realtime: protectedProcedure
    .meta(
      report("realtime", "Views and clicks in the last 30 minutes", {
        schema: "AnalyticsRealtime",
        description: "Counts since `since` (30 minutes ago); the period parameters do not apply.",
      }),
    )
    .input(analyticsQueryInput)
    .output(s.analyticsRealtime)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getRealtime(sql, scope);
    }),

  link: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/analytics/links/{id}/",
        tag: "Analytics",
        auth: "bearer",
        scope: "analytics:read",
        query: "AnalyticsQuery",
        summary: "One link's clicks, unique clicks, timeline, referrers, countries and devices",
        description: `Items count the link's clicks. ${FILTERS_NOTE}404 for a link of another account or profile.`,
        success: { status: 200, schema: "AnalyticsLinkDetail", description: "The link's detail for the period." },
        errors: [400, 404],
      },
    })
    .input(linkDetailInput)
    .output(s.analyticsLinkDetail)
    .query(async ({ ctx, input }) => {
      const { sql, scope } = await scopeOf(ctx, input);
      return getLinkDetail(sql, scope, input.id);
    }),

  export: protectedProcedure
    .input(exportQueryInput)
    .output(analyticsExport)
    .query(async ({ ctx, input }) => {
      const { sql, scope, profile } = await scopeOf(ctx, input);
      return exportAnalytics(sql, { ...scope, slug: profile.slug }, input.format);
    }),
});
