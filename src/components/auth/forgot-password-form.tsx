"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { readFields } from "@/components/ui/form-fields";
import { TextField } from "@/components/ui/text-field";
import { passwordResetInput } from "@/lib/schemas/auth";
import { serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";

export function ForgotPasswordForm() {
  const trpc = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetInput.safeParse(readFields(event.currentTarget, ["email"] as const));
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    try {
      await trpc.auth.requestPasswordReset.mutate(parsed.data);
      setSentTo(parsed.data.email);
    } catch (caught) {
      setBanner(serverFailure(caught)?.message ?? "An unexpected error occurred. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div role="status">
        <h1 className="text-3xl font-extrabold tracking-tight">Check your email</h1>
        <p className="mt-4 text-gray-600">
          If an account uses <strong className="text-gray-900">{sentTo}</strong>, we have sent it a link to reset the password. The link
          works once and expires in 60 minutes.
        </p>
        <Link href="/login" className="mt-8 inline-block font-semibold text-brand-600 hover:underline">
          Back to log in
        </Link>
      </div>
    );
  }

  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-gray-600">Enter your email and we will send you a link to choose a new one.</p>
      <form method="post" onSubmit={(event) => void submit(event)} noValidate className="mt-8 grid gap-4">
        <ErrorBanner message={banner} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          disabled={busy}
          error={error ?? undefined}
          onChange={() => {
            setError(null);
            setBanner(null);
          }}
        />
        <Button type="submit" disabled={busy} className="py-3">
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-brand-600 hover:underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
