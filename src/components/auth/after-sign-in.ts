/** After signing in: /onboarding while onboarding is unfinished, otherwise /dashboard. */
export function destinationAfterSignIn(needsOnboarding: boolean, claim?: string | null): string {
  if (!needsOnboarding) return "/dashboard";
  return claim ? `/onboarding?username=${encodeURIComponent(claim)}` : "/onboarding";
}

/** next-auth's error codes on /login after a failed Google round trip. */
export function oauthErrorMessage(code: string | null): string | null {
  return code && code !== "CredentialsSignin" ? "Google login failed. Please try again." : null;
}
