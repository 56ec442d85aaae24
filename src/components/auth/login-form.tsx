"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { flashSuccess } from "@/components/ui/flash-toast";
import { readFields } from "@/components/ui/form-fields";
import { TextField } from "@/components/ui/text-field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { loginInput } from "@/lib/schemas/auth";
import { useTRPCClient } from "@/trpc/react";
import { destinationAfterSignIn, oauthErrorMessage } from "./after-sign-in";
import { OrDivider } from "./divider";
import { SocialButtons } from "./social-buttons";

const FIELDS = ["email", "password"] as const;
type Field = (typeof FIELDS)[number];

export function LoginForm({ googleEnabled }: { googleEnabled: boolean }) {
  const router = useRouter();
  const params = useSearchParams();
  const trpc = useTRPCClient();
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const [banner, setBanner] = useState<string | null>(() => oauthErrorMessage(params?.get("error") ?? null));
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  function clearErrors() {
    // On log-in, typing in any field clears all errors.
    setFieldError(null);
    setBanner(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginInput.safeParse(readFields(event.currentTarget, FIELDS));
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      setFieldError({ field: first.path[0] as Field, message: first.message });
      return;
    }
    setBusy(true);
    try {
      const result = await signIn("credentials", { ...parsed.data, redirect: false });
      if (!result?.ok) {
        setBanner(result?.error && result.error !== "CredentialsSignin" ? result.error : "Login failed. Please check your credentials.");
        return;
      }
      const user = await trpc.auth.me.query();
      flashSuccess("Welcome back!");
      router.replace(destinationAfterSignIn(!user.onboarding_completed));
      router.refresh();
    } catch {
      setBanner("An unexpected error occurred. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Welcome back</h1>
      <p className="mt-2 text-gray-600">Log in to your Linkbio</p>
      {/* method="post": a submit before hydration must never put the password in the URL. */}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate className="mt-8 grid gap-4">
        <ErrorBanner message={banner} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          disabled={busy}
          error={fieldError?.field === "email" ? fieldError.message : undefined}
          onChange={clearErrors}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          disabled={busy}
          error={fieldError?.field === "password" ? fieldError.message : undefined}
          onChange={clearErrors}
        />
        <Link href="/forgot-password" className="justify-self-start text-sm font-medium text-brand-600 hover:underline">
          Forgot your password?
        </Link>
        <Button type="submit" disabled={busy || !hydrated} className="py-3">
          {busy ? "Logging in..." : "Log in"}
        </Button>
      </form>
      <OrDivider />
      <SocialButtons googleEnabled={googleEnabled} disabled={busy} callbackUrl="/dashboard" onError={setBanner} />
      <p className="mt-8 text-center text-sm text-gray-600">
        Don&apos;t have an account?{" "}
        <Link href="/register" className="font-semibold text-brand-600 hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
