"use client";

import { signIn } from "next-auth/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { CODE_REQUIRED } from "@/lib/schemas/two-factor";

/** The second step of a log-in: a code from the authenticator app or a recovery code, with the first step's ticket. */
export function TwoFactorStep({ ticket, onSignedIn, onBack }: { ticket: string; onSignedIn: () => Promise<void>; onBack: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The password step just ended: the person's next move is typing the code.
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(CODE_REQUIRED);
    setBusy(true);
    try {
      const result = await signIn("two-factor", { ticket, code, redirect: false });
      if (!result?.ok) {
        setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Invalid code");
        return;
      }
      await onSignedIn();
    } catch {
      setError("An unexpected error occurred. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Two-factor authentication</h1>
      <p className="mt-2 text-gray-600">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-8 grid gap-4">
        <ErrorBanner message={error} />
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          ref={field}
          disabled={busy}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" disabled={busy} className="py-3">
          {busy ? "Verifying..." : "Verify"}
        </Button>
        <button type="button" onClick={onBack} className="justify-self-start text-sm font-medium text-brand-600 hover:underline">
          Back to log in
        </button>
      </form>
    </div>
  );
}
