import { z } from "zod";
import { emailField } from "./auth";
import { recordId } from "./record-id";
import { publicSlugInput } from "./profile";
import { SUBSCRIBER_STATUSES, HONEYPOT_FIELD } from "./audience-terms";

export * from "./audience-terms";

/** A visitor's sign-up, from the page's form or `POST /profiles/{slug}/subscribe/`. */
export const subscribeBody = z.strictObject({
  email: emailField,
  [HONEYPOT_FIELD]: z
    .string()
    .max(2048, "Must be at most 2048 characters")
    .optional()
    .meta({ description: "Leave empty: a hidden field only bots fill in. A sign-up that fills it is answered the same and ignored." }),
});
export const subscribeInput = publicSlugInput.extend(subscribeBody.shape);
export type SubscribeInput = z.infer<typeof subscribeInput>;

/** Every well-formed sign-up is answered the same, so nobody learns who subscribed. */
export const subscribeAccepted = z.object({ status: z.literal("pending") });

export const subscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  created_at: z.date().meta({ description: "When the address last signed up." }),
  confirmed_at: z.date().nullable(),
  unsubscribed_at: z.date().nullable(),
  referrer: z.string().meta({ description: 'The host the visitor came to the page from ("" for a direct visit).' }),
  utm_source: z.string(),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2; "ZZ" when unknown.' }),
});
export type SubscriberDto = z.infer<typeof subscriber>;

export const subscriberFilters = z.strictObject({
  status: z.enum(SUBSCRIBER_STATUSES, { error: "status must be pending, subscribed or unsubscribed" }).optional(),
  q: z.string().trim().max(254, "q must be at most 254 characters").optional().meta({ description: "Part of the address." }),
});
export type SubscriberFilters = z.infer<typeof subscriberFilters>;

export const SUBSCRIBER_EXPORT_FORMATS = ["csv", "json"] as const;
export const subscriberExportInput = z.strictObject({
  format: z.enum(SUBSCRIBER_EXPORT_FORMATS, { error: "format must be csv or json" }).default("csv"),
});

export const subscriberIdInput = z.strictObject({ id: recordId });

/** Sign-ups per day of the current profile, for the Audience chart. */
export const audienceSummary = z.object({
  counts: z.object({ pending: z.number().int(), subscribed: z.number().int(), unsubscribed: z.number().int() }),
  per_day: z.array(z.object({ date: z.string(), signups: z.number().int(), confirmed: z.number().int() })),
  has_signup_block: z.boolean(),
});
export type AudienceSummary = z.infer<typeof audienceSummary>;

/** Insights' sign-up figures for a period: confirmed sign-ups per day and per unique visitor. */
export const signupInsights = z.object({
  per_day: z.array(z.object({ date: z.string(), signups: z.number().int() })),
  signups: z.number().int(),
  unique_visitors: z.number().int(),
  signup_rate: z.number().meta({ description: "Confirmed sign-ups per unique visitor of the period, in percent (one decimal)." }),
});
export type SignupInsights = z.infer<typeof signupInsights>;
