import { z } from "zod";
import {
  changeEmailInput,
  changePasswordInput,
  emailLinkInput,
  googleInput,
  loginInput,
  logoutInput,
  emailRevertInput,
  passwordResetConfirmInput,
  passwordResetInput,
  refreshInput,
  registerInput,
} from "@/lib/schemas/auth";
import { sessionIdInput } from "@/lib/schemas/session";
import { loginTwoFactorInput } from "@/lib/schemas/two-factor";
import * as s from "@/lib/openapi/schemas";
import { confirmIdentityInput, identityOptions as identityOptionsSchema } from "@/lib/schemas/sudo";
import { sudoInput } from "@/lib/schemas/sudo-proof";
import { createTRPCRouter, protectedProcedure, publicProcedure, requireRecentProof } from "@/server/api/trpc";
import {
  authenticate,
  changePassword,
  findOrCreateGoogleAccount,
  getUser,
  registerAccount,
  toAuthUser,
} from "@/server/services/auth/accounts";
import { accountExport } from "@/lib/schemas/export";
import { exportAccount } from "@/server/services/account-export";
import { deleteAccount } from "@/server/services/auth/delete-account";
import { confirmEmailLink, requestEmailChange, revertEmailChange, sendVerificationEmail } from "@/server/services/auth/email-address";
import { confirmIdentity, identityOptions } from "@/server/services/auth/sudo";
import { confirmPasswordReset, requestPasswordReset } from "@/server/services/auth/password-reset";
import { verifyGoogleIdToken } from "@/server/services/auth/google";
import { listSessions, revokeAllSessions, revokeOtherSessions, revokeOwnSession, signInDevice } from "@/server/services/auth/sessions";
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken } from "@/server/services/auth/tokens";
import { notAuthenticated, ServiceError } from "@/server/services/errors";
import { redeemTicket, ticketIfTwoFactor } from "@/server/services/two-factor/tickets";

export const authRouter = createTRPCRouter({
  /** Creates the account; the web app then signs in through next-auth, REST clients call login. */
  register: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/register/",
        codes: ["conflict"],
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
      await sendVerificationEmail(ctx.db, user.id, ctx.clientIp, "at-sign-up");
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
          '401 `Invalid credentials` for an unknown email or a wrong password. Repeated failures for one email and address are throttled: 429 with `Retry-After`. For an account with two-factor on the answer is `{"two_factor_required": true, "ticket": ...}` without tokens: send the ticket with a code to `/auth/login/2fa/`.',
        success: { status: 200, schema: "LoginResult", description: "The account with a new token pair, or a two-factor ticket." },
        errors: [400, 401, 429],
      },
    })
    .input(loginInput)
    .output(s.loginResult)
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx.db, input, ctx.clientIp);
      const ticket = await ticketIfTwoFactor(ctx.db, user.id, "password");
      if (ticket) return { two_factor_required: true as const, ticket };
      return { ...(await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp))), user: toAuthUser(user) };
    }),

  /** The second step of a log-in for an account with two-factor on. */
  loginTwoFactor: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/login/2fa/",
        tag: "Auth",
        auth: "none",
        body: "LoginTwoFactorRequest",
        summary: "Finish a log-in with a two-factor code",
        description:
          "`code` is a current 6-digit code (each accepted once) or an unused recovery code. 401 `Invalid code` for a wrong one; a ticket lasts 5 minutes and dies after 5 wrong codes (401 `This sign-in has expired. Please log in again.`). Wrong codes are also throttled per account and per address: 429 with `Retry-After`.",
        success: { status: 200, schema: "AuthResult", description: "The account with a new token pair." },
        errors: [400, 401, 429],
      },
    })
    .input(loginTwoFactorInput)
    .output(s.authResult)
    .mutation(async ({ ctx, input }) => {
      const { user, method } = await redeemTicket(ctx.db, input.ticket, input.code, ctx.clientIp);
      const device = signInDevice(ctx.headers, ctx.clientIp);
      const tokens = await issueTokenPair(ctx.db, user.id, device, new Date(), { method, two_factor: true });
      return { ...tokens, user: toAuthUser(user) };
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
        description:
          'For an account with two-factor on the answer is `{"two_factor_required": true, "ticket": ...}` without tokens, as for `/auth/login/`.',
        success: {
          status: 200,
          schema: "GoogleLoginResult",
          description: "The account, a token pair and whether it was created, or a two-factor ticket.",
        },
        errors: [400, 401],
      },
    })
    .input(googleInput)
    .output(s.googleLoginResult)
    .mutation(async ({ ctx, input }) => {
      const identity = await verifyGoogleIdToken(input.credential);
      const { user, created } = await findOrCreateGoogleAccount(ctx.db, identity);
      const ticket = await ticketIfTwoFactor(ctx.db, user.id, "google");
      if (ticket) return { two_factor_required: true as const, ticket };
      const tokens = await issueTokenPair(ctx.db, user.id, signInDevice(ctx.headers, ctx.clientIp), new Date(), {
        method: "google",
        two_factor: false,
      });
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
        scope: "any",
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
        codes: ["reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        body: "ChangePasswordRequest",
        summary: "Change the password",
        description:
          "Ends every session of the account, this one included (web sign-ins and all access and refresh tokens stop working at once; log in again to get a new pair), every password-reset link and every pending change of address. A wrong `current_password` is throttled as log-ins are (429 with `Retry-After`).",
        success: { status: 200, schema: "Success", description: "The password was changed." },
        errors: [400, 403, 429],
      },
    })
    .input(changePasswordInput)
    .use(requireRecentProof)
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
        codes: ["reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        summary: "Delete the account",
        body: "SudoRequest",
        description:
          "Deletes the account with its profiles, links, designs, settings, analytics and tokens, and the uploaded images no other account shows, and tells the address. It cannot be undone. Send `current_password` unless the access token came from a log-in within the last 5 minutes (403 otherwise).",
        success: { status: 204, description: "Deleted; every token of the account stops working." },
        errors: [400, 403, 429],
      },
    })
    .input(sudoInput)
    .use(requireRecentProof)
    .output(s.success)
    .mutation(async ({ ctx }) => {
      await deleteAccount(ctx.db, ctx.userId);
      return { success: true };
    }),

  requestPasswordReset: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/password/reset/",
        tag: "Auth",
        auth: "none",
        body: "PasswordResetRequest",
        summary: "Email a password-reset link",
        description:
          "Answered 202 with the same body whether or not an account uses the address (the account is looked up after the answer, so the timing says nothing either). The link opens /reset-password, works once and expires after 60 minutes. Limited per email and per client address (429 with `Retry-After`).",
        success: { status: 202, schema: "Accepted", description: "If an account uses this address, a link is on its way." },
        errors: [400, 429],
      },
    })
    .input(passwordResetInput)
    .output(s.accepted)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx.db, input.email, ctx.clientIp);
      return { detail: "If an account uses this address, we have sent it a link to reset the password." };
    }),

  confirmPasswordReset: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/password/reset/confirm/",
        tag: "Auth",
        auth: "none",
        body: "PasswordResetConfirmRequest",
        summary: "Set a new password with a reset link's token",
        description:
          'Ends every session and refresh token of the account; log in with the new password. 400 `{"detail": "This reset link is invalid or has expired"}` for an unknown, used or expired token; a password refused by the field rules does not use the token up.',
        success: { status: 200, schema: "PasswordResetDone", description: "The password was changed." },
        errors: [400],
      },
    })
    .input(passwordResetConfirmInput)
    .output(s.passwordResetDone)
    .mutation(async ({ ctx, input }) => {
      const { email } = await confirmPasswordReset(ctx.db, input.token, input.new_password);
      return { detail: "Your password has been reset.", email };
    }),

  confirmEmail: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/email/confirm/",
        codes: ["conflict"],
        tag: "Auth",
        auth: "none",
        body: "EmailLinkRequest",
        summary: "Open an email verification or change-of-address link",
        description:
          "The token of a link sent by email (/verify-email?token=...). Works signed in or not. A change-of-address link switches the account's email and tells the old address. 400 for an unknown, used or expired token ('Your email address is already verified' for a used verification link of a verified address), 400 also when another account took the address meanwhile.",
        success: { status: 200, schema: "EmailLinkDone", description: "The address is verified, or the account now uses it." },
        errors: [400],
      },
    })
    .input(emailLinkInput)
    .output(s.emailLinkDone)
    .mutation(async ({ ctx, input }) => {
      const outcome = await confirmEmailLink(ctx.db, input.token);
      const detail = outcome.kind === "verified" ? "Your email address is verified." : `Your email address is now ${outcome.email}.`;
      return { detail, outcome: outcome.kind, email: outcome.email };
    }),

  resendVerification: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/email/verify/resend/",
        tag: "Auth",
        auth: "bearer",
        summary: "Send the verification link again",
        description:
          "Earlier links stop working. 400 when the address is already verified. Limited per account, per recipient address and per client address (`RATE_LIMIT_MAILS_PER_HOUR`): 429 with `Retry-After`.",
        success: { status: 202, schema: "Accepted", description: "A new link is on its way." },
        errors: [400, 429],
      },
    })
    .input(z.void())
    .output(s.accepted)
    .mutation(async ({ ctx }) => {
      await sendVerificationEmail(ctx.db, ctx.userId, ctx.clientIp);
      return { detail: "We sent you a new verification link." };
    }),

  changeEmail: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/email/change/",
        codes: ["conflict", "reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        body: "ChangeEmailRequest",
        summary: "Change the email address",
        description:
          "Checks the current password (throttled as log-ins are) and sends a link to the new address; the address changes only when that link is opened (POST /auth/email/confirm/), and the old address is then told, with a link that undoes it for 7 days (POST /auth/email/revert/). 400 when another account uses the address. Limited per account, per recipient address and per client address (`RATE_LIMIT_MAILS_PER_HOUR`): 429 with `Retry-After`.",
        success: { status: 202, schema: "Accepted", description: "A link is on its way to the new address." },
        errors: [400, 403, 429],
      },
    })
    .input(changeEmailInput)
    .use(requireRecentProof)
    .output(s.accepted)
    .mutation(async ({ ctx, input }) => {
      await requestEmailChange(ctx.db, ctx.userId, input, ctx.clientIp);
      return { detail: `We sent a link to ${input.new_email}. Your address changes when you open it.` };
    }),

  revertEmail: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/email/revert/",
        tag: "Auth",
        auth: "none",
        body: "EmailRevertRequest",
        summary: "Undo a change of address from the old address's notice",
        description:
          "The token of the link in the notice sent to the old address (/revert-email?token=..., 7 days, once) and a new password. The account uses the old address again; every session, token and email link ends, passkeys and two-factor set up since the change was asked for are removed, and the new password replaces the old one. 400 for an unknown, used or expired token, or when another account took the old address meanwhile.",
        success: { status: 200, schema: "PasswordResetDone", description: "The change is undone." },
        errors: [400],
      },
    })
    .input(emailRevertInput)
    .output(s.passwordResetDone)
    .mutation(async ({ ctx, input }) => {
      const { email } = await revertEmailChange(ctx.db, input.token, input.new_password);
      return { detail: `Your account uses ${email} again. Log in with your new password.`, email };
    }),

  /** The web app's "Confirm it's you" prompt: a fresh proof for the next few minutes of sensitive changes. */
  confirmIdentity: protectedProcedure
    .input(confirmIdentityInput)
    .output(s.success)
    .mutation(async ({ ctx, input }) => {
      await confirmIdentity(ctx.db, { userId: ctx.userId, sessionId: ctx.sessionId, clientIp: ctx.clientIp }, input);
      return { success: true };
    }),

  /** What the prompt can ask this account for. */
  identityOptions: protectedProcedure
    .input(z.void())
    .output(identityOptionsSchema)
    .query(({ ctx }) => identityOptions(ctx.db, ctx.userId)),

  exportData: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/auth/user/export/",
        tag: "Auth",
        auth: "bearer",
        summary: "Download all of the account's data",
        description:
          "One JSON document (`format: linkbio-export`, `version: 1`): the account, its settings and every profile with its design, links and daily analytics. Uploaded images and audio are included as data URLs. No password hash, token, two-factor secret or recovery code. Its JSON Schema is published in the repository as docs/export/linkbio-export.schema.json.",
        success: { status: 200, schema: "AccountExport", description: "The export document." },
        errors: [],
      },
    })
    .input(z.void())
    .output(accountExport)
    .query(({ ctx }) => exportAccount(ctx.db, ctx.userId)),
});
