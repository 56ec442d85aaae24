import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { loginInput } from "@/lib/schemas/auth";
import { passkeyAuthenticationResponse } from "@/lib/schemas/passkey";
import { loginTwoFactorInput, TWO_FACTOR_REQUIRED_PREFIX } from "@/lib/schemas/two-factor";
import { env } from "@/server/config/env";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { authenticate, findOrCreateGoogleAccount } from "@/server/services/auth/accounts";
import { ServiceError } from "@/server/services/errors";
import {
  checkSession,
  PASSWORD_ONLY,
  revokeSession,
  SESSION_DAYS,
  signInDevice,
  startSession,
  type SignInProof,
} from "@/server/services/auth/sessions";
import { verifyPasskeySignIn } from "@/server/services/passkeys/passkeys";
import { redeemTicket, ticketIfTwoFactor } from "@/server/services/two-factor/tickets";
import { sameOriginRedirect } from "./redirect";
import { usesSecureCookies } from "./secure-cookies";

/** What authorize hands the jwt callback: the user and how the sign-in was proven. */
interface ProvenUser {
  id: string;
  email: string;
  name: string;
  proof: SignInProof;
}

function provenUser(user: { id: string; email: string; first_name: string; last_name: string }, proof: SignInProof): ProvenUser {
  return { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), proof };
}

/** next-auth forwards a thrown message to the page, which shows it in the banner. */
async function withReadableErrors<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ServiceError) throw new Error(error.message);
    throw error;
  }
}

function headerValue(headers: unknown, name: string): string | null {
  const value = (headers as Record<string, string | string[] | undefined> | undefined)?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

const credentials = CredentialsProvider({
  id: "credentials",
  name: "Email",
  credentials: { email: { type: "email" }, password: { type: "password" } },
  async authorize(raw, request) {
    const parsed = loginInput.safeParse({ email: raw?.email, password: raw?.password });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid credentials");
    return withReadableErrors(async () => {
      const user = await authenticate(db(), parsed.data, headerValue(request?.headers, CLIENT_IP_HEADER));
      // The session starts only once the code step (the "two-factor" provider) succeeds.
      const ticket = await ticketIfTwoFactor(db(), user.id, "password");
      if (ticket) throw new Error(TWO_FACTOR_REQUIRED_PREFIX + ticket);
      return provenUser(user, PASSWORD_ONLY);
    });
  },
});

/** The code step of a password or Google sign-in: the ticket from the first step and a code. */
const twoFactor = CredentialsProvider({
  id: "two-factor",
  name: "Authenticator code",
  credentials: { ticket: { type: "text" }, code: { type: "text" } },
  async authorize(raw, request) {
    const parsed = loginTwoFactorInput.safeParse({ ticket: raw?.ticket, code: raw?.code });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid code");
    return withReadableErrors(async () => {
      const { user, method } = await redeemTicket(
        db(),
        parsed.data.ticket,
        parsed.data.code,
        headerValue(request?.headers, CLIENT_IP_HEADER),
      );
      return provenUser(user, { method, two_factor: true });
    });
  },
});

/** A discoverable passkey: no email typed, and both factors at once. */
const passkey = CredentialsProvider({
  id: "passkey",
  name: "Passkey",
  credentials: { response: { type: "text" } },
  async authorize(raw) {
    let response: unknown;
    try {
      response = JSON.parse(raw?.response ?? "");
    } catch {
      throw new Error("Passkey sign-in failed. Please try again.");
    }
    const parsed = passkeyAuthenticationResponse.safeParse(response);
    if (!parsed.success) throw new Error("Passkey sign-in failed. Please try again.");
    return withReadableErrors(async () =>
      provenUser(await verifyPasskeySignIn(db(), parsed.data), { method: "passkey", two_factor: true }),
    );
  },
});

function googleIdentity(profile: { sub?: string; email?: string }) {
  return {
    sub: profile.sub!,
    email: profile.email!,
    given_name: (profile as { given_name?: string }).given_name,
    family_name: (profile as { family_name?: string }).family_name,
  };
}

/**
 * next-auth for one request: the request decides Secure cookies and which device a new
 * session records. Every cookie names a server-side session (`sid`), checked on each read,
 * so sign-out, password changes and account deletion end it at once.
 */
export function authOptionsFor(headers: Headers): NextAuthOptions {
  const device = () => signInDevice(headers, headers.get(CLIENT_IP_HEADER));
  return {
    secret: env.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_DAYS * 86_400 },
    useSecureCookies: usesSecureCookies(headers),
    pages: { signIn: "/login", error: "/login" },
    providers: env.googleSignInConfigured
      ? [credentials, twoFactor, passkey, GoogleProvider({ clientId: env.googleClientId!, clientSecret: env.googleClientSecret! })]
      : [credentials, twoFactor, passkey],
    callbacks: {
      // A Google sign-in of an account with two-factor on goes to the code step instead of starting a session.
      async signIn({ account, profile }) {
        if (account?.provider !== "google" || !profile?.sub || !profile.email) return true;
        const { user: local } = await findOrCreateGoogleAccount(db(), googleIdentity(profile));
        const ticket = await ticketIfTwoFactor(db(), local.id, "google");
        return ticket ? `/login?two_factor=${encodeURIComponent(ticket)}` : true;
      },
      async jwt({ token, user, account, profile }): Promise<JWT> {
        if (account?.provider === "google" && profile?.sub && profile.email) {
          const { user: local } = await findOrCreateGoogleAccount(db(), googleIdentity(profile));
          const sid = await startSession(db(), local.id, "web", device(), { method: "google", two_factor: false });
          return { ...token, sub: local.id, email: local.email, sid };
        }
        if (user) {
          const proof = (user as Partial<ProvenUser>).proof ?? PASSWORD_ONLY;
          return { ...token, sub: user.id, sid: await startSession(db(), user.id, "web", device(), proof) };
        }
        // next-auth clears the cookie and answers "no session" when this callback throws.
        if (!(await checkSession(db(), token))) throw new Error("Session ended");
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        return session;
      },
      redirect: ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl),
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sub === "string" && typeof token.sid === "string") await revokeSession(db(), token.sub, token.sid);
      },
    },
  };
}
