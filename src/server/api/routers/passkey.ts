import { z } from "zod";
import * as s from "@/lib/openapi/schemas";
import { passkeyIdInput, registerPasskeyInput } from "@/lib/schemas/passkey";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
} from "@/server/services/passkeys/passkeys";

/** Passkeys (WebAuthn) of the web app; signing in with one goes through next-auth's "passkey" provider. */
export const passkeyRouter = createTRPCRouter({
  list: protectedProcedure
    .input(z.void())
    .output(s.passkeyList)
    .query(({ ctx }) => listPasskeys(ctx.db, ctx.userId)),

  registrationOptions: protectedProcedure
    .input(z.void())
    .output(s.passkeyRegistrationOptions)
    .mutation(({ ctx }) => passkeyRegistrationOptions(ctx.db, ctx.userId)),

  register: protectedProcedure
    .input(registerPasskeyInput)
    .output(s.passkey)
    .mutation(({ ctx, input }) => registerPasskey(ctx.db, ctx.userId, input, ctx.headers.get("user-agent"))),

  remove: protectedProcedure
    .input(passkeyIdInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await removePasskey(ctx.db, ctx.userId, input.id);
      return { success: true };
    }),

  signInOptions: publicProcedure
    .input(z.void())
    .output(s.passkeySignInOptions)
    .mutation(({ ctx }) => passkeySignInOptions(ctx.db, ctx.clientIp)),
});
