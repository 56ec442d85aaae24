import { analyticsCsv, analyticsQueryInput, timelineQueryInput, type AnalyticsQuery } from "@/lib/schemas/analytics";
import { NO_PROFILE } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { exportAnalyticsCsv } from "@/server/services/analytics/csv";
import {
  getDevices,
  getLinkAnalytics,
  getLocations,
  getOverview,
  getTimeline,
  type AnalyticsScope,
} from "@/server/services/analytics/queries";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";
import type { Context } from "../context";

/** The signed-in user's current profile and the requested period, on the real clock. */
async function scopeOf(ctx: Context & { userId: string }, input: AnalyticsQuery) {
  const profile = await requireCurrentProfile(ctx.db, ctx.userId);
  const scope: AnalyticsScope = { profileId: profile.id, days: input.days, tz: input.tz };
  return { profile, scope, sql: ctx.sql };
}

export const analyticsRouter = createTRPCRouter({
  overview: protectedProcedure
    .meta({
      rest: {
        method: "GET", path: "/analytics/overview/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
        summary: "Totals: views, clicks, unique visitors, click rate",
        description: NO_PROFILE,
        success: { status: 200, schema: "AnalyticsOverview", description: "Totals of the period and their change." },
        errors: [400, 404],
      },
    })
    .input(analyticsQueryInput)
    .output(s.analyticsOverview)
    .query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getOverview(sql, scope);
  }),

  links: protectedProcedure
    .meta({
      rest: {
        method: "GET", path: "/analytics/links/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
        summary: "Clicks per link",
        description: NO_PROFILE,
        success: { status: 200, schema: "AnalyticsLinks", description: "Links with their clicks in the period." },
        errors: [400, 404],
      },
    })
    .input(analyticsQueryInput)
    .output(s.analyticsLinks)
    .query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getLinkAnalytics(sql, scope);
  }),

  timeline: protectedProcedure
    .meta({
      rest: {
        method: "GET", path: "/analytics/timeline/", tag: "Analytics", auth: "bearer", query: "TimelineQuery",
        summary: "Views and clicks per day",
        description: `Defaults to 30 days. ${NO_PROFILE}`,
        success: { status: 200, schema: "AnalyticsTimeline", description: "One point per day, oldest first." },
        errors: [400, 404],
      },
    })
    .input(timelineQueryInput)
    .output(s.analyticsTimeline)
    .query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getTimeline(sql, scope);
  }),

  devices: protectedProcedure
    .meta({
      rest: {
        method: "GET", path: "/analytics/devices/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
        summary: "Views by device type",
        description: NO_PROFILE,
        success: { status: 200, schema: "AnalyticsDevices", description: "Device types with their share." },
        errors: [400, 404],
      },
    })
    .input(analyticsQueryInput)
    .output(s.analyticsDevices)
    .query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getDevices(sql, scope);
  }),

  locations: protectedProcedure
    .meta({
      rest: {
        method: "GET", path: "/analytics/locations/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
        summary: "Views by country",
        description: NO_PROFILE,
        success: { status: 200, schema: "AnalyticsLocations", description: "Countries ('Unknown' when unknown) with their share." },
        errors: [400, 404],
      },
    })
    .input(analyticsQueryInput)
    .output(s.analyticsLocations)
    .query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getLocations(sql, scope);
  }),

  exportCsv: protectedProcedure
    .input(analyticsQueryInput)
    .output(analyticsCsv)
    .query(async ({ ctx, input }) => {
    const { sql, scope, profile } = await scopeOf(ctx, input);
    return exportAnalyticsCsv(sql, { ...scope, slug: profile.slug });
  }),
});
