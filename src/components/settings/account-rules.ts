// The account forms' rules, loaded when a form is first used (load-account-rules.ts).
import { z } from "zod";
import { changeEmailInput } from "@/lib/schemas/auth";
import { updateMyProfileInput } from "@/lib/schemas/profile";
import { firstMessages } from "@/trpc/errors";

export { changeEmailInput };

export const accountNames = updateMyProfileInput.pick({ first_name: true, last_name: true }).required();

/** A failed check's first message per field, as the forms show them. */
export const fieldMessages = (error: z.ZodError) => firstMessages(z.flattenError(error).fieldErrors);
