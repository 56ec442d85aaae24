/** Runtime settings read once; every variable is documented in the README's Configuration table. */
export const env = {
  get authSecret(): string {
    const secret = process.env.AUTH_SECRET;
    if (!secret) throw new Error("AUTH_SECRET is not set; start the app with `npm start`.");
    return secret;
  },
  get googleClientId(): string | undefined {
    return process.env.GOOGLE_CLIENT_ID || undefined;
  },
  get googleClientSecret(): string | undefined {
    return process.env.GOOGLE_CLIENT_SECRET || undefined;
  },
  get googleJwksUrl(): string {
    return process.env.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs";
  },
  get googleSignInConfigured(): boolean {
    return Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);
  },
};
