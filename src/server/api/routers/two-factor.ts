import { z } from "zod";
import * as s from "@/lib/openapi/schemas";
import { enableTwoFactorInput, twoFactorProofInput } from "@/lib/schemas/two-factor";
import { sudoInput } from "@/lib/schemas/sudo-proof";
import { createTRPCRouter, protectedProcedure, requireRecentProof } from "@/server/api/trpc";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "@/server/services/two-factor/authenticator";

/** Authenticator codes (TOTP) and recovery codes for the signed-in account. */
export const twoFactorRouter = createTRPCRouter({
  status: protectedProcedure
    .input(z.void())
    .output(s.twoFactorStatus)
    .query(({ ctx }) => twoFactorStatus(ctx.db, ctx.userId)),

  setup: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/2fa/setup/",
        codes: ["conflict", "reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        summary: "Start two-factor set-up",
        body: "SudoRequest",
        description:
          "A new secret for an authenticator app (show `otpauth_url` as a QR code). Nothing changes at log-in until `/auth/2fa/enable/` receives a code from it. 400 when two-factor is already on. Send `current_password` unless the access token came from a log-in within the last 5 minutes (403 otherwise).",
        success: { status: 200, schema: "TwoFactorSetup", description: "The secret and its otpauth:// address." },
        errors: [400, 403, 429],
      },
    })
    .input(sudoInput)
    .use(requireRecentProof)
    .output(s.twoFactorSetup)
    .mutation(({ ctx }) => startTwoFactorSetup(ctx.db, ctx.userId)),

  enable: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/2fa/enable/",
        codes: ["conflict", "reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        body: "EnableTwoFactorRequest",
        summary: "Turn two-factor on with a code from the app",
        description:
          "400 `Invalid code` for a wrong, old or already used code; 429 with `Retry-After` after too many wrong codes for the account or address. The recovery codes are shown only in this answer. Every other session of the account ends. Send `current_password` unless the access token came from a log-in within the last 5 minutes (403 otherwise).",
        success: { status: 200, schema: "RecoveryCodes", description: "Ten one-time recovery codes." },
        errors: [400, 403, 429],
      },
    })
    .input(enableTwoFactorInput)
    .use(requireRecentProof)
    .output(s.recoveryCodes)
    .mutation(async ({ ctx, input }) => ({
      recovery_codes: await enableTwoFactor(ctx.db, ctx.userId, input.code, { sessionId: ctx.sessionId, clientIp: ctx.clientIp }),
    })),

  disable: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/2fa/disable/",
        tag: "Auth",
        auth: "bearer",
        body: "TwoFactorProofRequest",
        summary: "Turn two-factor off",
        description:
          "Send `{code}` (a current code or an unused recovery code) or `{password}`: either is the fresh proof of identity this change needs. Wrong codes count towards the code throttle, wrong passwords towards the log-in throttle (400, then 429).",
        success: { status: 200, schema: "Success", description: "Two-factor is off; its secret and recovery codes are deleted." },
        errors: [400, 429],
      },
    })
    .input(twoFactorProofInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx.db, ctx.userId, input, ctx.clientIp);
      return { success: true };
    }),

  regenerateRecoveryCodes: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/2fa/recovery-codes/",
        tag: "Auth",
        auth: "bearer",
        body: "TwoFactorProofRequest",
        summary: "Replace the recovery codes",
        description: "Send `{code}` or `{password}`. The old recovery codes stop working.",
        success: { status: 200, schema: "RecoveryCodes", description: "Ten new one-time recovery codes." },
        errors: [400, 429],
      },
    })
    .input(twoFactorProofInput)
    .output(s.recoveryCodes)
    .mutation(async ({ ctx, input }) => ({ recovery_codes: await regenerateRecoveryCodes(ctx.db, ctx.userId, input, ctx.clientIp) })),
});
