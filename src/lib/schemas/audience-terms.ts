// The sign-up statuses and the form's honeypot without the audience's zod schemas, for screens that ship no zod.

export const SUBSCRIBER_STATUSES = ["pending", "subscribed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
};

/** The honeypot: people never see or fill it, so anything in it marks a bot (docs/product/audience.md#abuse). */
export const HONEYPOT_FIELD = "website";
