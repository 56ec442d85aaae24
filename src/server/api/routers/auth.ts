import { z } from "zod";
import { changePasswordInput, googleInput, loginInput, logoutInput, refreshInput, registerInput } from "@/lib/schemas/auth";
import { sessionIdInput } from "@/lib/schemas/session";
import * as s from "@/lib/openapi/schemas";
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
import { listSessions, revokeAllSessions, revokeOtherSessions, revokeOwnSession, signInDevice } from "@/server/services/auth/sessions";
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken } from "@/server/services/auth/tokens";
import { notAuthenticated, ServiceError } from "@/server/services/errors";

export const authRouter = createTRPCRouter({
  /** Creates the account; the web app then signs in through next-auth, REST clients call login. */
  register: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/register/",
        tag: "Auth",
        auth: "none",
        body: "RegisterRequest",
        summary: "Create an account",
        description:
          'Creates the account and signs it in. Field errors are reported together, e.g. `{"email": ["An account with this email already exists"]}`.',
        success: { status: 201, schema: "AuthResult", description: "The new account with its tokens." },
        errors: [400, 429],
      },
    })
    .input(registerInput)
    .output(s.registered)
    .mutation(async ({ ctx, input }) => {
      const user = await registerAccount(ctx.db, input, ctx.clientIp);
      return { user: toAuthUser(user), needsOnboarding: !user.onboarding_completed };
    }),

  /** Token log-in for REST clients: a short-lived access JWT and a rotating refresh token. */
  login: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/login/",
        tag: "Auth",
        auth: "none",
        body: "LoginRequest",
        summary: "Log in with email and password",
        description:
          "401 `Invalid credentials` for an unknown email or a wrong password. Repeated failures for one email and address are throttled: 429 with `Retry-After`.",
        success: { status: 200, schema: "AuthResult", description: "The account with a new token pair." },
        errors: [400, 401, 429],
      },
    })
    .input(loginInput)
    .output(s.authResult)
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx.db, input, ctx.clientIp);
      return { ...(await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp))), user: toAuthUser(user) };
    }),

  google: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/google/",
        tag: "Auth",
        auth: "none",
        body: "GoogleLoginRequest",
        summary: "Log in or sign up with a Google ID token",
        success: { status: 200, schema: "GoogleAuthResult", description: "The account, a token pair and whether it was created." },
        errors: [400, 401],
      },
    })
    .input(googleInput)
    .output(s.googleAuthResult)
    .mutation(async ({ ctx, input }) => {
      const identity = await verifyGoogleIdToken(input.credential);
      const { user, created } = await findOrCreateGoogleAccount(ctx.db, identity);
      const tokens = await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp));
      return { ...tokens, user: toAuthUser(user), created };
    }),

  refresh: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/refresh/",
        tag: "Auth",
        auth: "none",
        body: "RefreshRequest",
        summary: "Exchange a refresh token for a new access token",
        description:
          "Refresh tokens rotate: keep the `refresh` returned here, the one sent stops working. Presenting an already-used refresh token revokes every token of that sign-in (401). At most `RATE_LIMIT_COSTLY_PER_MINUTE` per client address per minute (429 with `Retry-After`).",
        success: { status: 200, schema: "Tokens", description: "A new access token and the rotated refresh token." },
        errors: [400, 401, 429],
      },
    })
    .input(refreshInput)
    .output(s.tokens)
    .mutation(async ({ ctx, input }) => {
      const { access, refresh } = await rotateRefreshToken(ctx.db, input.refresh, ctx.clientIp);
      return { access, refresh };
    }),

  logout: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/logout/",
        tag: "Auth",
        auth: "optional",
        body: "LogoutRequest",
        summary: "Log out (one sign-in, or every session of the account)",
        description:
          '`{"refresh": ...}` ends that sign-in: its refresh token and the access tokens issued with it stop working at once; unknown refresh tokens are ignored. `{"all": true}` with `Authorization: Bearer <access>` ends every session of the account at once: web sign-ins and every access and refresh token (401 without a valid access token).',
        success: { status: 200, schema: "Success", description: "The sign-in (or every sign-in) has ended." },
        errors: [400, 401],
      },
    })
    .input(logoutInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      if (input.all && !ctx.userId) throw notAuthenticated();
      if (input.refresh) await revokeRefreshToken(ctx.db, input.refresh);
      if (input.all && ctx.userId) await revokeAllSessions(ctx.db, ctx.userId);
      return { success: true };
    }),

  me: protectedProcedure
    .meta({
      rest: {
        operationId: "auth.user",
        method: "GET",
        path: "/auth/user/",
        tag: "Auth",
        auth: "bearer",
        summary: "The signed-in account",
        success: { status: 200, schema: "User", description: "The account." },
        errors: [],
      },
    })
    .input(z.void())
    .output(s.user)
    .query(async ({ ctx }) => toAuthUser(await getUser(ctx.db, ctx.userId))),

  changePassword: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/password/change/",
        tag: "Auth",
        auth: "bearer",
        body: "ChangePasswordRequest",
        summary: "Change the password",
        description:
          "Ends every session of the account, this one included: web sign-ins and all access and refresh tokens stop working at once; log in again to get a new pair.",
        success: { status: 200, schema: "Success", description: "The password was changed." },
        errors: [400],
      },
    })
    .input(changePasswordInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.userId, input);
      return { success: true };
    }),

  /** Signed-in devices, for Settings › Security. */
  sessions: protectedProcedure
    .input(z.void())
    .output(s.activeSessions)
    .query(({ ctx }) => listSessions(ctx.db, ctx.userId, ctx.sessionId ?? null)),

  revokeSession: protectedProcedure
    .input(sessionIdInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await revokeOwnSession(ctx.db, ctx.userId, input.id);
      return { success: true };
    }),

  revokeOtherSessions: protectedProcedure
    .input(z.void())
    .output(s.success)
    .mutation(async ({ ctx }) => {
      if (!ctx.sessionId) throw new ServiceError("BAD_REQUEST", "This request carries no session to keep.");
      await revokeOtherSessions(ctx.db, ctx.userId, ctx.sessionId);
      return { success: true };
    }),

  deleteAccount: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/auth/user/",
        tag: "Auth",
        auth: "bearer",
        summary: "Delete the account",
        description:
          "Deletes the account with its profiles, links, designs, settings, analytics and tokens, and the uploaded images no other account shows. It cannot be undone.",
        success: { status: 204, description: "Deleted; every token of the account stops working." },
        errors: [],
      },
    })
    .input(z.void())
    .output(s.success)
    .mutation(async ({ ctx }) => {
      await deleteAccount(ctx.db, ctx.userId);
      return { success: true };
    }),
});
