"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { flashSuccess } from "@/components/ui/flash-toast";
import { readFields } from "@/components/ui/form-fields";
import { TextField } from "@/components/ui/text-field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { registerInput } from "@/lib/schemas/auth";
import { cleanSlugInput } from "@/lib/schemas/profile";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";
import { destinationAfterSignIn, GOOGLE_SIGNUP_CALLBACK, oauthErrorMessage } from "./after-sign-in";
import { OrDivider } from "./divider";
import { SocialButtons } from "./social-buttons";

const FIELDS = ["first_name", "last_name", "email", "password", "password_confirm"] as const;
type Field = (typeof FIELDS)[number];

export function RegisterForm({ googleEnabled }: { googleEnabled: boolean }) {
  const router = useRouter();
  const params = useSearchParams();
  // The landing page's claim arrives as typed; only what a username can hold travels on.
  const claim = cleanSlugInput(params?.get("claim") ?? "");
  const trpc = useTRPCClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<string | null>(() => oauthErrorMessage(params?.get("error") ?? null, "signup"));
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  function clearError(field: Field) {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    const parsed = registerInput.safeParse(readFields(event.currentTarget, FIELDS));
    if (!parsed.success) {
      setErrors(firstMessages(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setBusy(true);
    try {
      await trpc.auth.register.mutate(parsed.data);
      const result = await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
      if (!result?.ok) throw new Error(result?.error ?? "Sign-in after registration failed");
      flashSuccess("Account created successfully!");
      router.replace(destinationAfterSignIn(true, claim));
      router.refresh();
    } catch (error) {
      const failure = serverFailure(error);
      if (!failure) {
        setBanner("An unexpected error occurred. Please try again.");
        return;
      }
      setErrors(firstMessages(failure.fieldErrors));
      setBanner(failure.fieldErrors.email?.[0] ?? (failure.message || "Registration failed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field) => ({
    name,
    disabled: busy,
    error: errors[name],
    onChange: () => clearError(name),
  });

  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Join Linkbio</h1>
      <p className="mt-2 text-gray-600">Sign up for free and claim your page.</p>
      {/* method="post": a submit before hydration must never put the password in the URL. */}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate className="mt-8 grid gap-4">
        <ErrorBanner message={banner} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name (optional)" autoComplete="given-name" {...field("first_name")} />
          <TextField label="Last name (optional)" autoComplete="family-name" {...field("last_name")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field("password")} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field("password_confirm")} />
        <Button type="submit" disabled={busy || !hydrated} className="py-3">
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </form>
      <OrDivider />
      <SocialButtons googleEnabled={googleEnabled} disabled={busy} callbackUrl={GOOGLE_SIGNUP_CALLBACK} onError={setBanner} />
      <p className="mt-8 text-center text-sm text-gray-600">
        Already have an account?{" "}
        <Link href="/login" className="font-semibold text-brand-600 hover:underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
