"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { flashSuccess } from "@/components/ui/flash-toast";
import { readFields } from "@/components/ui/form-fields";
import { TextField } from "@/components/ui/text-field";
import { newPassword } from "@/lib/schemas/auth";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";

const FIELDS = ["new_password", "confirm_password"] as const;

/** A reset link, or the revert link in the notice of a change of address: both end in a new password. */
const WORDING = {
  reset: {
    title: "Choose a new password",
    intro: "Every device signed in to your account will be signed out.",
    invalid: "This reset link is invalid or has expired",
    done: "Your password has been reset",
  },
  revert: {
    title: "Take your account back",
    intro:
      "Your account will use this address again. Every device is signed out, and passkeys and authenticator codes added since the change are removed. Choose a new password.",
    invalid: "This link is invalid or has expired",
    done: "Your account uses this address again",
  },
} as const;

export function ResetPasswordForm({ token, kind = "reset" }: { token: string; kind?: keyof typeof WORDING }) {
  const wording = WORDING[kind];
  const trpc = useTRPCClient();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(token ? null : wording.invalid);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = readFields(event.currentTarget, FIELDS);
    const checked = newPassword.safeParse(fields.new_password);
    const found: Record<string, string> = {};
    if (!checked.success) found.new_password = checked.error.issues[0]!.message;
    if (!fields.confirm_password) found.confirm_password = "Please confirm your password";
    else if (fields.confirm_password !== fields.new_password) found.confirm_password = "Passwords do not match";
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.success) return;
    setBusy(true);
    try {
      const change = kind === "reset" ? trpc.auth.confirmPasswordReset : trpc.auth.revertEmail;
      const { email } = await change.mutate({ token, new_password: checked.data });
      const signedIn = await signIn("credentials", { email, password: checked.data, redirect: false });
      flashSuccess(wording.done);
      router.replace(signedIn?.ok ? "/dashboard" : "/login");
      router.refresh();
    } catch (caught) {
      const failure = serverFailure(caught);
      setErrors(failure ? firstMessages(failure.fieldErrors) : {});
      setBanner(
        failure && Object.keys(failure.fieldErrors).length === 0
          ? failure.message
          : failure
            ? null
            : "An unexpected error occurred. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">{wording.title}</h1>
      <p className="mt-2 text-gray-600">{wording.intro}</p>
      <form method="post" onSubmit={(event) => void submit(event)} noValidate className="mt-8 grid gap-4">
        <ErrorBanner message={banner} />
        <TextField
          label="New Password"
          type="password"
          name="new_password"
          autoComplete="new-password"
          disabled={busy || !token}
          error={errors.new_password}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          disabled={busy || !token}
          error={errors.confirm_password}
        />
        <Button type="submit" disabled={busy || !token} className="py-3">
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </form>
      {kind === "reset" && (
        <p className="mt-6 text-center text-sm text-gray-600">
          Link expired?{" "}
          <Link href="/forgot-password" className="font-semibold text-brand-600 hover:underline">
            Send a new one
          </Link>
        </p>
      )}
    </div>
  );
}
