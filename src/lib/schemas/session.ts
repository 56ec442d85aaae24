import { z } from "zod";

/** A web sign-in (browser cookie) or an API sign-in (one refresh-token family). */
export const sessionKind = z.enum(["web", "api"]);
export type SessionKind = z.infer<typeof sessionKind>;

/** How a sign-in proved who it was. */
export const signInMethod = z.enum(["password", "google", "passkey"]);
export type SignInMethod = z.infer<typeof signInMethod>;

/** One signed-in device as Settings › Security lists it; country is ISO 3166-1 alpha-2 or "ZZ". */
export const activeSession = z.object({
  id: z.string(),
  kind: sessionKind,
  method: signInMethod,
  two_factor: z.boolean().meta({ description: "True when a second factor was asked (a passkey counts as both)." }),
  browser: z.string(),
  os: z.string(),
  country: z.string(),
  created_at: z.date(),
  last_active_at: z.date(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const sessionIdInput = z.strictObject({ id: z.string().min(1, "Session id is required").max(64) });
