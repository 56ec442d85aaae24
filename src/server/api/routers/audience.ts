import { z } from "zod";
import {
  audienceSummary,
  subscribeAccepted,
  subscribeInput,
  subscriber,
  subscriberExportInput,
  subscriberFilters,
  subscriberIdInput,
  signupInsights,
} from "@/lib/schemas/audience";
import { analyticsExport, analyticsQueryInput } from "@/lib/schemas/analytics";
import { requireCurrentProfile } from "@/server/services/profiles/profiles";
import { signupInsights as signupFigures } from "@/server/services/audience/insights";
import { NO_PROFILE } from "@/lib/openapi/operations";
import { success } from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { signUp } from "@/server/services/audience/subscribe";
import { audienceSummary as summarize, exportSubscribers, listSubscribers, removeSubscriber } from "@/server/services/audience/subscribers";

export const audienceRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/audience/subscribers/",
        tag: "Audience",
        auth: "bearer",
        scope: "audience:read",
        query: "SubscriberQuery",
        summary: "The current profile's subscribers, newest first",
        description: `20 per page; \`status\` keeps one status, \`q\` addresses containing it. ${NO_PROFILE} A page past the last one is 404.`,
        success: { status: 200, schema: "SubscriberPage", description: "One page of subscribers." },
        errors: [400, 404],
      },
    })
    .input(subscriberFilters)
    .output(z.array(subscriber))
    .query(({ ctx, input }) => listSubscribers(ctx.db, ctx.userId, input)),

  export: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/audience/subscribers/export/",
        tag: "Audience",
        auth: "bearer",
        scope: "audience:read",
        query: "SubscriberExportQuery",
        summary: "Every subscriber of the current profile as a CSV or JSON file",
        description: `CSV cells a spreadsheet would run as a formula start with an apostrophe. ${NO_PROFILE}`,
        success: { status: 200, media: ["text/csv", "application/json"], description: "The file, with a `Content-Disposition` file name." },
        errors: [400, 404],
      },
    })
    .input(subscriberExportInput)
    .output(analyticsExport)
    .query(({ ctx, input }) => exportSubscribers(ctx.db, ctx.userId, input.format)),

  remove: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/audience/subscribers/{id}/",
        tag: "Audience",
        auth: "bearer",
        scope: "audience:write",
        summary: "Remove a subscriber, erasing their address",
        description: "Any profile of the account; 404 for anyone else's.",
        success: { status: 204, description: "Removed." },
        errors: [404],
      },
    })
    .input(subscriberIdInput)
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await removeSubscriber(ctx.db, ctx.userId, input.id);
      return { success: true };
    }),

  /** The Audience screen's counts and chart. */
  summary: protectedProcedure
    .input(z.void())
    .output(audienceSummary)
    .query(({ ctx }) => summarize(ctx.db, ctx.userId)),

  /** Insights' sign-ups per day and sign-up rate for the chosen period. */
  insights: protectedProcedure
    .input(analyticsQueryInput)
    .output(signupInsights)
    .query(async ({ ctx, input }) => {
      const profile = await requireCurrentProfile(ctx.db, ctx.userId);
      return signupFigures(ctx.db, ctx.sql, { profileId: profile.id, days: input.days, tz: input.tz, from: input.from, to: input.to });
    }),

  subscribe: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/profiles/{slug}/subscribe/",
        tag: "Audience",
        auth: "none",
        body: "SubscribeRequest",
        maxBodyBytes: 4096,
        summary: "Sign an address up for a page's emails (double opt-in)",
        description:
          'Anyone may call it. Every well-formed address is answered 202 `{"status": "pending"}`, whether it is new, pending, subscribed, a bot\'s (as for page views) or the honeypot `website` was filled; only a new or lapsed address gets a confirmation email, at most one an hour. 404 for a page that is private, unknown or shows no sign-up block. At most `RATE_LIMIT_SIGNUPS_PER_HOUR` per client address per hour and twenty times as many per page (429 with `Retry-After`), counted before anything else.',
        success: { status: 202, schema: "SubscribeAccepted", description: "Accepted; a confirmation email may follow." },
        errors: [404, 429],
      },
    })
    .input(subscribeInput)
    .output(subscribeAccepted)
    .mutation(async ({ ctx, input }) => {
      const referer = ctx.headers.get("referer");
      await signUp(ctx.db, input, {
        ip: ctx.clientIp,
        userAgent: ctx.headers.get("user-agent"),
        referrer: referer,
        page: referer,
        headers: Object.fromEntries(ctx.headers.entries()),
      });
      return { status: "pending" as const };
    }),
});
