/** After signing in: /onboarding while onboarding is unfinished, otherwise /dashboard. */
export function destinationAfterSignIn(needsOnboarding: boolean, claim?: string | null): string {
  if (!needsOnboarding) return "/dashboard";
  return claim ? `/onboarding?username=${encodeURIComponent(claim)}` : "/onboarding";
}

/** Where Google sign-up returns: a signed-in visitor is sent on from /register, a failure is shown there. */
export const GOOGLE_SIGNUP_CALLBACK = "/register";

/** next-auth's error codes after a failed Google round trip, worded for the form the user started on. */
export function oauthErrorMessage(code: string | null, form: "login" | "signup" = "login"): string | null {
  if (!code || code === "CredentialsSignin") return null;
  return form === "signup" ? "Google signup failed. Please try again." : "Google login failed. Please try again.";
}

/** next-auth sends every failed Google round trip to /login; one that began on /register belongs there. */
export function signupFailureRedirect(error: string | undefined, callbackUrl: string | undefined): string | null {
  if (!error || !callbackUrl) return null;
  try {
    if (new URL(callbackUrl, "http://callback.invalid").pathname !== GOOGLE_SIGNUP_CALLBACK) return null;
  } catch {
    return null;
  }
  return `${GOOGLE_SIGNUP_CALLBACK}?error=${encodeURIComponent(error)}`;
}
