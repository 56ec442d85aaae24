import { z } from "zod";

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url");
const transport = z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** What @simplewebauthn/browser's startRegistration answers, bounded before the library reads it. */
export const passkeyRegistrationResponse = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()),
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: z.array(transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What startAuthentication answers. */
export const passkeyAuthenticationResponse = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()),
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponse>;

export const PASSKEY_NAME_MAX = 64;
const passkeyName = z.string().trim().min(1, "Name the passkey").max(PASSKEY_NAME_MAX, `Must be at most ${PASSKEY_NAME_MAX} characters`);

export const registerPasskeyInput = z.strictObject({
  response: passkeyRegistrationResponse,
  name: passkeyName.optional(),
});

export const passkeyIdInput = z.strictObject({ id: z.string().min(1, "Passkey id is required").max(64) });

export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.date(),
  last_used_at: z.date().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;
