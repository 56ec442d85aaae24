import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";

const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
}

/** Verifies a Google ID token's signature, audience, issuer and expiry (a token without one is refused); returns who it names. */
export async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
  const audience = env.googleClientId;
  if (!audience) throw new ServiceError("BAD_REQUEST", "Google sign-in is not configured on this server.");
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keySet(env.googleJwksUrl), { audience, issuer: GOOGLE_ISSUERS, requiredClaims: ["exp"] }));
  } catch {
    throw new ServiceError("UNAUTHORIZED", "Google login failed");
  }
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || payload.email_verified !== true) {
    throw new ServiceError("UNAUTHORIZED", "Google login failed");
  }
  return {
    sub: payload.sub,
    email: payload.email,
    given_name: typeof payload.given_name === "string" ? payload.given_name : undefined,
    family_name: typeof payload.family_name === "string" ? payload.family_name : undefined,
  };
}
