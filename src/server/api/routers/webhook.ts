import { z } from "zod";
import {
  createdWebhook,
  createWebhookInput,
  MAX_WEBHOOKS,
  WEBHOOK_EVENTS,
  webhookAttemptList,
  webhookIdInput,
  webhookList,
  webhookTestResult,
} from "@/lib/schemas/webhook";
import { createTRPCRouter, protectedProcedure, requireRecentProofFromSessions } from "@/server/api/trpc";
import { createWebhook, deleteWebhook, listAttempts, listWebhooks, queuePing } from "@/server/services/webhooks/webhooks";

const EVENT_LIST = WEBHOOK_EVENTS.map((event) => `\`${event}\``).join(", ");

/** Signed webhooks (docs/api.md#webhooks): API tokens need `webhooks:write`, which covers the reads too. */
export const webhookRouter = createTRPCRouter({
  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/webhooks/",
        tag: "Webhooks",
        auth: "bearer",
        scope: "webhooks:write",
        codes: ["reauthentication_required"],
        body: "CreateWebhookRequest",
        summary: "Add a webhook",
        description: `Events: ${EVENT_LIST}. The URL must be https on a public address (checked now and on every delivery; http and private addresses only for \`WEBHOOK_ALLOWED_PRIVATE_HOSTS\`), 400 on \`url\` otherwise. Answers the signing secret (\`whsec_…\`) once. At most ${MAX_WEBHOOKS} webhooks per account (400). An outbound channel for the account's data: a session's access token needs a log-in within the last 5 minutes or \`current_password\` in the body (403 \`reauthentication_required\`); an API token with \`webhooks:write\` may add one as it is.`,
        success: { status: 201, schema: "CreatedWebhook", description: "The webhook, with its secret shown this once." },
        errors: [400, 403, 429],
      },
    })
    .input(createWebhookInput)
    .use(requireRecentProofFromSessions)
    .output(createdWebhook)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.userId, input)),

  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/webhooks/",
        tag: "Webhooks",
        auth: "bearer",
        scope: "webhooks:read",
        summary: "The account's webhooks",
        description: "Newest first, without secrets; `status` is `disabled` for one given up after 24 hours of failed deliveries.",
        success: { status: 200, schema: "WebhookList", description: "The webhooks." },
        errors: [],
      },
    })
    .input(z.void())
    .output(webhookList)
    .query(async ({ ctx }) => ({ webhooks: await listWebhooks(ctx.db, ctx.userId) })),

  delete: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/webhooks/{id}/",
        tag: "Webhooks",
        auth: "bearer",
        scope: "webhooks:write",
        summary: "Delete a webhook",
        description: "Its queued deliveries are dropped and nothing more is sent. 404 for an unknown webhook or another account's.",
        success: { status: 204, description: "Deleted." },
        errors: [404],
      },
    })
    .input(webhookIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.userId, input.id)),

  deliveries: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/webhooks/{id}/deliveries/",
        tag: "Webhooks",
        auth: "bearer",
        scope: "webhooks:read",
        summary: "A webhook's latest delivery attempts",
        description: "The newest 100 attempts first, each with the receiver's status. 404 for an unknown webhook or another account's.",
        success: { status: 200, schema: "WebhookDeliveryList", description: "The attempts." },
        errors: [404],
      },
    })
    .input(webhookIdInput)
    .output(webhookAttemptList)
    .query(async ({ ctx, input }) => ({ deliveries: await listAttempts(ctx.db, ctx.userId, input.id) })),

  test: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/webhooks/{id}/test/",
        tag: "Webhooks",
        auth: "bearer",
        scope: "webhooks:write",
        summary: "Send a test ping",
        description:
          "Queues a `ping` event (`data`: `{webhook_id}`) for this webhook alone, delivered and retried like any other; its attempts appear in the deliveries. 400 for a disabled webhook, 404 for an unknown one or another account's.",
        success: { status: 202, schema: "WebhookTestResult", description: "The ping is queued." },
        errors: [400, 404],
      },
    })
    .input(webhookIdInput)
    .output(webhookTestResult)
    .mutation(({ ctx, input }) => queuePing(ctx.db, ctx.userId, input.id)),
});
