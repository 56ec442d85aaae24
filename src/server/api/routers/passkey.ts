import { z } from "zod";
import * as s from "@/lib/openapi/schemas";
import { passkeyIdInput, registerPasskeyInput } from "@/lib/schemas/passkey";
import { sudoInput } from "@/lib/schemas/sudo-proof";
import { createTRPCRouter, protectedProcedure, publicProcedure, requireRecentProof } from "@/server/api/trpc";
import {
  listPasskeys,
  passkeyConfirmOptions,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
} from "@/server/services/passkeys/passkeys";

/** Passkeys (WebAuthn) of the web app; signing in with one goes through next-auth's "passkey" provider. Adding or removing one needs sudo mode. */
export const passkeyRouter = createTRPCRouter({
  list: protectedProcedure
    .input(z.void())
    .output(s.passkeyList)
    .query(({ ctx }) => listPasskeys(ctx.db, ctx.userId)),

  registrationOptions: protectedProcedure
    .input(sudoInput)
    .use(requireRecentProof)
    .output(s.passkeyRegistrationOptions)
    .mutation(({ ctx }) => passkeyRegistrationOptions(ctx.db, ctx.userId)),

  register: protectedProcedure
    .input(registerPasskeyInput)
    .use(requireRecentProof)
    .output(s.passkey)
    .mutation(({ ctx, input }) => registerPasskey(ctx.db, ctx.userId, input, ctx.headers.get("user-agent"))),

  remove: protectedProcedure
    .input(passkeyIdInput)
    .use(requireRecentProof)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await removePasskey(ctx.db, ctx.userId, input.id);
      return { success: true };
    }),

  /** A challenge for the "Confirm it's you" prompt, answerable only by this account's passkeys. */
  confirmOptions: protectedProcedure
    .input(z.void())
    .output(s.passkeySignInOptions)
    .mutation(({ ctx }) => passkeyConfirmOptions(ctx.db, ctx.userId)),

  signInOptions: publicProcedure
    .input(z.void())
    .output(s.passkeySignInOptions)
    .mutation(({ ctx }) => passkeySignInOptions(ctx.db, ctx.clientIp)),
});
