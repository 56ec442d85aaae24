import "next-auth";

declare module "next-auth" {
  interface Session {
    user: { id: string; email?: string | null; name?: string | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The server-side session this cookie belongs to (src/server/services/auth/sessions.ts). */
    sid?: string;
  }
}
