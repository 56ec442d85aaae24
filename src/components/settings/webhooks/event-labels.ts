import type { WebhookEventType } from "@/lib/schemas/webhook";

/** What each event reports, as Settings › Webhooks offers it. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  "link.created": "A link is added",
  "link.updated": "A link is changed or turned on or off",
  "link.deleted": "A link is deleted",
  "link.clicked": "A visitor's click counts",
  "profile.updated": "A profile's details change",
  "subscriber.created": "Someone confirms a subscription",
};
