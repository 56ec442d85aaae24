import { z } from "zod";
import { passkeyAuthenticationResponse } from "./passkey";
import { sudoPassword } from "./sudo-proof";
import { twoFactorCode } from "./two-factor";

/** The web app's prompt: the password, a current code (or recovery code), or a passkey's answer. */
export const confirmIdentityInput = z
  .strictObject({
    password: sudoPassword.optional(),
    code: twoFactorCode.optional(),
    passkey: passkeyAuthenticationResponse.optional(),
  })
  .refine((value) => [value.password, value.code, value.passkey].filter((proof) => proof !== undefined).length === 1, {
    message: "Send your password, a code or a passkey",
    path: ["password"],
  });
export type IdentityProof = z.infer<typeof confirmIdentityInput>;

/** What the prompt may offer this account. */
export const identityOptions = z.object({ password: z.boolean(), code: z.boolean(), passkey: z.boolean() });
