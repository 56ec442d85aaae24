"use client";

import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { GOOGLE_SIGNUP_CALLBACK, oauthErrorMessage } from "./after-sign-in";

export const APPLE_UNAVAILABLE = "Sign in with Apple is not available. Please use your email and password.";

interface SocialButtonsProps {
  googleEnabled: boolean;
  disabled: boolean;
  callbackUrl: string;
  onError: (message: string) => void;
}

/**
 * Google only where the server has it configured (a button that can only fail is not offered);
 * Apple is present and signs nobody in, which it says when pressed (docs/product/accounts.md#log-in).
 */
export function SocialButtons({ googleEnabled, disabled, callbackUrl, onError }: SocialButtonsProps) {
  const form = callbackUrl === GOOGLE_SIGNUP_CALLBACK ? "signup" : "login";
  return (
    <div className="grid gap-3">
      {googleEnabled && (
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => void signIn("google", { callbackUrl }).catch(() => onError(oauthErrorMessage("OAuthSignin", form)!))}
        >
          <GoogleMark /> Continue with Google
        </Button>
      )}
      <Button variant="secondary" disabled={disabled} onClick={() => onError(APPLE_UNAVAILABLE)}>
        <AppleMark /> Continue with Apple
      </Button>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="h-4 w-4">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-2.9-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 fill-current">
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8s2.3-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z" />
    </svg>
  );
}
