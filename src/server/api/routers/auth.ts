import { z } from "zod";
import {
  changePasswordInput,
  googleInput,
  loginInput,
  logoutInput,
  refreshInput,
  registerInput,
} from "@/lib/schemas/auth";
import { sessionIdInput } from "@/lib/schemas/session";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import {
  authenticate,
  changePassword,
  findOrCreateGoogleAccount,
  getUser,
  registerAccount,
  toAuthUser,
} from "@/server/services/auth/accounts";
import { deleteAccount } from "@/server/services/auth/delete-account";
import { verifyGoogleIdToken } from "@/server/services/auth/google";
import {
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeOwnSession,
  signInDevice,
} from "@/server/services/auth/sessions";
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken } from "@/server/services/auth/tokens";
import { notAuthenticated, ServiceError } from "@/server/services/errors";

export const authRouter = createTRPCRouter({
  /** Creates the account; the web app then signs in through next-auth, REST clients call login. */
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerAccount(ctx.db, input, ctx.clientIp);
    return { user: toAuthUser(user), needsOnboarding: !user.onboarding_completed };
  }),

  /** Token log-in for REST clients: a short-lived access JWT and a rotating refresh token. */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.db, input, ctx.clientIp);
    return { ...(await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp))), user: toAuthUser(user) };
  }),

  google: publicProcedure.input(googleInput).mutation(async ({ ctx, input }) => {
    const identity = await verifyGoogleIdToken(input.credential);
    const { user, created } = await findOrCreateGoogleAccount(ctx.db, identity);
    const tokens = await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp));
    return { ...tokens, user: toAuthUser(user), created };
  }),

  refresh: publicProcedure.input(refreshInput).mutation(async ({ ctx, input }) => {
    const { access, refresh } = await rotateRefreshToken(ctx.db, input.refresh);
    return { access, refresh };
  }),

  logout: publicProcedure.input(logoutInput).mutation(async ({ ctx, input }) => {
    if (input.all && !ctx.userId) throw notAuthenticated();
    if (input.refresh) await revokeRefreshToken(ctx.db, input.refresh);
    if (input.all && ctx.userId) await revokeAllSessions(ctx.db, ctx.userId);
    return { success: true };
  }),

  me: protectedProcedure.input(z.void()).query(async ({ ctx }) => toAuthUser(await getUser(ctx.db, ctx.userId))),

  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.userId, input);
    return { success: true };
  }),

  /** Signed-in devices, for Settings › Security. */
  sessions: protectedProcedure
    .input(z.void())
    .query(({ ctx }) => listSessions(ctx.db, ctx.userId, ctx.sessionId ?? null)),

  revokeSession: protectedProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    await revokeOwnSession(ctx.db, ctx.userId, input.id);
    return { success: true };
  }),

  revokeOtherSessions: protectedProcedure.input(z.void()).mutation(async ({ ctx }) => {
    if (!ctx.sessionId) throw new ServiceError("BAD_REQUEST", "This request carries no session to keep.");
    await revokeOtherSessions(ctx.db, ctx.userId, ctx.sessionId);
    return { success: true };
  }),

  deleteAccount: protectedProcedure.input(z.void()).mutation(async ({ ctx }) => {
    await deleteAccount(ctx.db, ctx.userId);
    return { success: true };
  }),
});
