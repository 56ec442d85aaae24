import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { loginInput } from "@/lib/schemas/auth";
import { env } from "@/server/config/env";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { authenticate, findOrCreateGoogleAccount } from "@/server/services/auth/accounts";
import { ServiceError } from "@/server/services/errors";
import { checkSession, revokeSession, SESSION_DAYS, signInDevice, startSession } from "@/server/services/auth/sessions";
import { sameOriginRedirect } from "./redirect";
import { usesSecureCookies } from "./secure-cookies";

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
    try {
      const user = await authenticate(db(), parsed.data, headerValue(request?.headers, CLIENT_IP_HEADER));
      return { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim() };
    } catch (error) {
      // next-auth forwards a thrown message to the page, which shows it in the banner.
      if (error instanceof ServiceError) throw new Error(error.message);
      throw error;
    }
  },
});

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
      ? [credentials, GoogleProvider({ clientId: env.googleClientId!, clientSecret: env.googleClientSecret! })]
      : [credentials],
    callbacks: {
      async jwt({ token, user, account, profile }): Promise<JWT> {
        if (account?.provider === "google" && profile?.sub && profile.email) {
          const { user: local } = await findOrCreateGoogleAccount(db(), {
            sub: profile.sub,
            email: profile.email,
            given_name: (profile as { given_name?: string }).given_name,
            family_name: (profile as { family_name?: string }).family_name,
          });
          return { ...token, sub: local.id, email: local.email, sid: await startSession(db(), local.id, "web", device()) };
        }
        if (user) return { ...token, sub: user.id, sid: await startSession(db(), user.id, "web", device()) };
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
