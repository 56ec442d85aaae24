import { z } from "zod";
import { recordId } from "./record-id";
import { currentPasswordField } from "./sudo-proof";

/** What an API token may do; a `:write` scope includes its `:read` (docs/product/api.md#tokens). */
export const API_SCOPES = [
  "profiles:read",
  "profiles:write",
  "links:read",
  "links:write",
  "analytics:read",
  "audience:read",
  "audience:write",
  "webhooks:write",
] as const;
export const apiScope = z.enum(API_SCOPES, { error: "Unknown scope" });
export type ApiScope = z.infer<typeof apiScope>;

/**
 * The scope an operation needs: one of the scopes, `webhooks:read` (never granted itself: `webhooks:write`
 * covers it), or "any" when every token may call it.
 */
export type RequiredScope = ApiScope | "webhooks:read" | "any";

/** Whether a token's scopes cover what an operation needs. */
export function scopesCover(granted: readonly ApiScope[], required: RequiredScope): boolean {
  if (required === "any") return granted.length > 0;
  if ((granted as readonly string[]).includes(required)) return true;
  return required.endsWith(":read") && granted.includes(required.replace(/:read$/, ":write") as ApiScope);
}

export const API_TOKEN_PREFIX = "lb_";
export const MAX_API_TOKENS = 50;
export const MAX_TOKEN_DAYS = 365;

export const createApiTokenInput = z.strictObject({
  current_password: currentPasswordField.optional(),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  scopes: z
    .array(apiScope, { error: "Choose at least one scope" })
    .min(1, "Choose at least one scope")
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope may be listed once"),
  expires_in_days: z
    .number({ error: "Expiry must be a number of days or null" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry must be 1 to 365 days")
    .max(MAX_TOKEN_DAYS, "Expiry must be 1 to 365 days")
    .nullable()
    .default(null)
    .describe("Days until the token stops working (1–365); null for a token that does not expire."),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenIdInput = z.strictObject({ id: recordId });

/** A token as listed: never its secret. */
export const apiTokenSummary = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiScope),
  created_at: z.date(),
  last_used_at: z.date().nullable().describe("Updated at most once a minute."),
  expires_at: z.date().nullable(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSummary>;

export const apiTokenList = z.object({ tokens: z.array(apiTokenSummary) });

/** A new token, with its secret: shown once, never again. */
export const createdApiToken = apiTokenSummary.omit({ last_used_at: true }).extend({
  token: z
    .string()
    .regex(/^lb_[A-Za-z0-9_-]+$/)
    .describe("The secret (`lb_…`). Shown only in this answer; store it now."),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;
