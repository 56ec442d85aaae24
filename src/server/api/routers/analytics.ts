import { rememberTimeZone } from "@/server/services/settings";
import { analyticsCsv, analyticsQueryInput, timelineQueryInput, type AnalyticsQuery } from "@/lib/schemas/analytics";
import { NO_PROFILE, type ProcedureMeta, type QueryName } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { exportAnalyticsCsv } from "@/server/services/analytics/csv";
import {
  getDevices,
  getLinkAnalytics,
  getLocations,
  getOverview,
  getReferrers,
  getTimeline,
  type AnalyticsScope,
} from "@/server/services/analytics/queries";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";
import type { Context } from "../context";

/** The signed-in user's current profile and the requested period, on the real clock. */
async function scopeOf(ctx: Context & { userId: string }, input: AnalyticsQuery) {
  const profile = await requireCurrentProfile(ctx.db, ctx.userId);
  const scope: AnalyticsScope = { profileId: profile.id, days: input.days, tz: input.tz };
  if (input.tz) await rememberTimeZone(ctx.db, ctx.userId, input.tz);
  return { profile, scope, sql: ctx.sql };
}

/** Every report is a GET of the current profile's period: 400 for a bad period, 404 without a profile. */
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
      query,
      summary,
      description: `${note}${NO_PROFILE}`,
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
      return getTimeline(sql, scope);
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

  exportCsv: protectedProcedure
    .input(analyticsQueryInput)
    .output(analyticsCsv)
    .query(async ({ ctx, input }) => {
      const { sql, scope, profile } = await scopeOf(ctx, input);
      return exportAnalyticsCsv(sql, { ...scope, slug: profile.slug });
    }),
});
