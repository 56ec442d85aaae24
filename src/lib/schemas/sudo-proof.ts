import { z } from "zod";

/** How long a proof of identity lets sensitive changes through by default (GitHub's sudo mode; SUDO_MODE_SECONDS). */
export const SUDO_MINUTES = 5;
export const REAUTHENTICATE = "Please confirm it's you: enter your password again.";

export const sudoPassword = z.string().min(1, "Password is required").max(256, "Password must be at most 256 characters");

/** REST clients (and forms that ask anyway) prove who they are in the body of the change itself. */
export const currentPasswordField = sudoPassword.meta({
  description: `The account's password, unless the access token came from a log-in within the last ${SUDO_MINUTES} minutes.`,
});

/** The body of a sensitive change that takes nothing else. */
export const sudoInput = z.strictObject({ current_password: currentPasswordField.optional() }).optional();
