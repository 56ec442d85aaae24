import { isCommonPassword } from "#common-passwords";
import { z } from "zod";

/**
 * One mailbox, RFC 5321's dot-atom form: a local part of at most 64 characters (letters, digits and
 * !#$%&'*+/=?^_`{|}~- between single dots) @ a domain of two or more labels. No display name, comment,
 * list or quoting, so the address stored is where mail goes; ASCII only, so the pattern means the same
 * in JavaScript and in Python's `re` (clients validate against the OpenAPI document with either).
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const PASSWORD_MIN_LENGTH = 8;
export const COMMON_PASSWORD_MESSAGE = "This password is too common";
const PASSWORD_MAX_LENGTH = 256;
const NAME_MAX_LENGTH = 100;

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .regex(EMAIL_PATTERN, "Please enter a valid email address");

const requiredPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Every new password (sign-up, change, reset): 8 characters or more and none of the most common ones. */
export const newPassword = requiredPassword
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/** A first or last name: optional everywhere, so it may be empty. */
export const personName = z.string().trim().max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`);

const optionalName = personName.optional().default("");

export const loginInput = z.strictObject({ email: emailField, password: requiredPassword });
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z
  .strictObject({
    email: emailField,
    password: newPassword,
    password_confirm: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password").max(PASSWORD_MAX_LENGTH),
    first_name: optionalName,
    last_name: optionalName,
  })
  .refine((value) => value.password_confirm === "" || value.password === value.password_confirm, {
    path: ["password_confirm"],
    message: "Passwords do not match",
    // Report a mismatch alongside other field errors: sign-up shows all errors together.
    when: ({ value }) => {
      const fields = value as { password?: unknown; password_confirm?: unknown };
      return typeof fields.password === "string" && typeof fields.password_confirm === "string";
    },
  });
export type RegisterInput = z.input<typeof registerInput>;

export const refreshInput = z.strictObject({ refresh: z.string().min(1, "Refresh token is required").max(512) });
/** `refresh` ends that sign-in; `all` (with the bearer token) ends every session of the account. */
export const logoutInput = z.strictObject({ refresh: z.string().max(512).optional(), all: z.boolean().optional() });
export const googleInput = z.strictObject({
  credential: z.string().min(1, "Google credential is required").max(8192),
});

export const changePasswordInput = z.strictObject({
  current_password: requiredPassword,
  new_password: newPassword,
});

/** A token from a link sent by email; the server decides whether it is valid. */
const emailLinkToken = z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200, "Token is invalid");

export const passwordResetInput = z.strictObject({ email: emailField });
export const passwordResetConfirmInput = z.strictObject({ token: emailLinkToken, new_password: newPassword });
export const emailLinkInput = z.strictObject({ token: emailLinkToken });
export const emailRevertInput = z.strictObject({ token: emailLinkToken, new_password: newPassword });
export const changeEmailInput = z.strictObject({ new_email: emailField, current_password: requiredPassword });

export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean().describe("Whether the owner opened a link sent to this address (Google addresses count as verified)."),
  first_name: z.string(),
  last_name: z.string(),
  onboarding_completed: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

/** What a used verification link says when its address is verified (the holder of the link learns nothing new). */
export const ALREADY_VERIFIED = "Your email address is already verified";
