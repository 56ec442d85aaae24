import { z } from "zod";
import { currentPasswordField } from "./sudo-proof";

/** Ten one-time recovery codes are issued at once. */
export const RECOVERY_CODE_COUNT = 10;
export const CODE_REQUIRED = "Enter the code from your authenticator app";
export const INVALID_CODE = "Invalid code";

/** A current 6-digit code or an unused recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(32, INVALID_CODE)
  .meta({ description: "A current 6-digit code from the authenticator app, or an unused recovery code." });

export const enableTwoFactorInput = z.strictObject({ code: twoFactorCode, current_password: currentPasswordField.optional() });

/** Turning two-factor off or issuing new recovery codes: a current code, or the password. */
export const twoFactorProofInput = z
  .strictObject({
    code: twoFactorCode.optional(),
    password: z.string().min(1, "Password is required").max(256, "Password must be at most 256 characters").optional(),
  })
  .refine((value) => value.code !== undefined || value.password !== undefined, {
    message: "Send a current code or your password",
    path: ["code"],
  });
export type TwoFactorProof = z.infer<typeof twoFactorProofInput>;

export const ticketField = z.string({ error: "Ticket is required" }).min(1, "Ticket is required").max(128, "Invalid ticket");

export const loginTwoFactorInput = z.strictObject({ ticket: ticketField, code: twoFactorCode });

export const twoFactorSetup = z.object({
  secret: z.string().meta({ description: "The shared secret in base32, for typing into an authenticator app." }),
  otpauth_url: z.string().meta({ description: "The otpauth:// address an authenticator app reads from a QR code." }),
});

export const recoveryCodes = z.object({
  recovery_codes: z.array(z.string()).meta({ description: "Ten one-time recovery codes, shown only now." }),
});

export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  ticket: z.string().meta({ description: "Send it with a code to /auth/login/2fa/ within 5 minutes; 5 wrong codes end it." }),
});

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});

/**
 * next-auth passes only an error's message from a sign-in back to the page, so a password log-in
 * that needs a code answers with this prefix and the ticket.
 */
export const TWO_FACTOR_REQUIRED_PREFIX = "two-factor-required:";
