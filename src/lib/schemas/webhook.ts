import { z } from "zod";
import { recordId } from "./record-id";
import { currentPasswordField } from "./sudo-proof";

/** Every event a webhook can subscribe to (docs/api.md#webhooks); a new one is one more entry here. */
export const WEBHOOK_EVENTS = [
  "link.created",
  "link.updated",
  "link.deleted",
  "link.clicked",
  "profile.updated",
  "subscriber.created",
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENTS, { error: "Unknown event" });
export type WebhookEventType = z.infer<typeof webhookEventType>;
/** What a delivery's `type` may be: a subscribed event, or the test call's `ping`. */
export type WebhookDeliveryType = WebhookEventType | "ping";

export const MAX_WEBHOOKS = 20;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const createWebhookInput = z.strictObject({
  current_password: currentPasswordField.optional(),
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
    .describe("Where deliveries are POSTed: https, on a public address."),
  events: z
    .array(webhookEventType, { error: "Choose at least one event" })
    .min(1, "Choose at least one event")
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, "Each event may be listed once"),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

export const webhookIdInput = z.strictObject({ id: recordId });

/** A webhook as listed: never its secret. */
export const webhookSummary = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  created_at: z.date(),
  status: z.enum(["active", "disabled"]).describe("`disabled` after 24 hours of failed deliveries; nothing is sent to it any more."),
  disabled_at: z.date().nullable(),
});
export type WebhookSummary = z.infer<typeof webhookSummary>;

export const webhookList = z.object({ webhooks: z.array(webhookSummary) });

/** A new webhook, with its signing secret: shown once, never again. */
export const createdWebhook = webhookSummary.pick({ id: true, url: true, events: true, created_at: true }).extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_-]+$/)
    .describe("Signs every delivery (`Linkbio-Signature`). Shown only in this answer; store it now."),
});
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const webhookAttempt = z.object({
  id: z.string(),
  event_id: z.string().describe("The body's `id` and the `Linkbio-Event-Id` header: the same on every attempt of one event."),
  type: z.string(),
  status: z
    .enum(["succeeded", "retrying", "failed"])
    .describe("`retrying`: this attempt failed and another follows at `next_attempt_at`; `failed`: given up after 24 hours."),
  response_status: z.number().int().nullable().describe("The receiver's HTTP status; null when it could not be reached or timed out."),
  attempt: z.number().int(),
  created_at: z.date(),
  next_attempt_at: z.date().nullable(),
});
export type WebhookAttemptDto = z.infer<typeof webhookAttempt>;

export const webhookAttemptList = z.object({ deliveries: z.array(webhookAttempt) });

export const webhookTestResult = z.object({
  event_id: z.string().describe("The queued ping's id; its attempts appear in the deliveries."),
});
