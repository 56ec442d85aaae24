"use client";

import { startAuthentication, WebAuthnError } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useAppOrigin } from "@/components/app-origin";
import { Button } from "@/components/ui/button";
import { useTRPCClient } from "@/trpc/react";
import { passkeyOriginProblem } from "./passkey-origin";

const FAILED = "Passkey sign-in failed. Please try again.";

function cancelled(error: unknown): boolean {
  return (error instanceof WebAuthnError || error instanceof DOMException) && error.name === "NotAllowedError";
}

/** "Sign in with a passkey": the browser offers this site's passkeys, so no email is typed. */
export function PasskeyButton({
  disabled,
  onSignedIn,
  onError,
}: {
  disabled: boolean;
  onSignedIn: () => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const trpc = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const appOrigin = useAppOrigin();

  async function start() {
    onError(null);
    const elsewhere = passkeyOriginProblem(appOrigin);
    if (elsewhere) return onError(elsewhere);
    setBusy(true);
    try {
      const optionsJSON = await trpc.passkey.signInOptions.mutate();
      const response = await startAuthentication({ optionsJSON });
      const result = await signIn("passkey", { response: JSON.stringify(response), redirect: false });
      if (!result?.ok) return onError(result?.error && result.error !== "CredentialsSignin" ? result.error : FAILED);
      await onSignedIn();
    } catch (error) {
      if (!cancelled(error)) onError(FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" disabled={disabled || busy} onClick={() => void start()}>
      <KeyMark /> {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}

function KeyMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} strokeLinecap="round">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3m-4 4 2 2m-5 1 2 2" />
    </svg>
  );
}
