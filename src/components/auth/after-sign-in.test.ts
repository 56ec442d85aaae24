import { describe, expect, it } from "vitest";
import { oauthErrorMessage, signupFailureRedirect } from "./after-sign-in";

describe("Google round-trip failures", () => {
  it("word the banner for the form the user started on", () => {
    expect(oauthErrorMessage("OAuthSignin")).toBe("Google login failed. Please try again.");
    expect(oauthErrorMessage("OAuthCallback", "signup")).toBe("Google signup failed. Please try again.");
    expect(oauthErrorMessage("CredentialsSignin", "signup")).toBeNull();
    expect(oauthErrorMessage(null, "signup")).toBeNull();
  });

  it("send a failure that began on /register back there, whatever origin next-auth wrote", () => {
    expect(signupFailureRedirect("OAuthSignin", "http://localhost:3000/register")).toBe("/register?error=OAuthSignin");
    expect(signupFailureRedirect("OAuth Callback", "/register")).toBe("/register?error=OAuth%20Callback");
    expect(signupFailureRedirect("OAuthSignin", "/dashboard")).toBeNull();
    expect(signupFailureRedirect(undefined, "/register")).toBeNull();
    expect(signupFailureRedirect("OAuthSignin", undefined)).toBeNull();
    expect(signupFailureRedirect("OAuthSignin", "http://[bad")).toBeNull();
  });
});
