import { analyticsQueryInput, timelineQueryInput, type AnalyticsQuery } from "@/lib/schemas/analytics";
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
  overview: protectedProcedure.input(analyticsQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getOverview(sql, scope);
  }),

  links: protectedProcedure.input(analyticsQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getLinkAnalytics(sql, scope);
  }),

  timeline: protectedProcedure.input(timelineQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getTimeline(sql, scope);
  }),

  devices: protectedProcedure.input(analyticsQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getDevices(sql, scope);
  }),

  locations: protectedProcedure.input(analyticsQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope } = await scopeOf(ctx, input);
    return getLocations(sql, scope);
  }),

  exportCsv: protectedProcedure.input(analyticsQueryInput).query(async ({ ctx, input }) => {
    const { sql, scope, profile } = await scopeOf(ctx, input);
    return exportAnalyticsCsv(sql, { ...scope, slug: profile.slug });
  }),
});
