import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { signupFailureRedirect } from "@/components/auth/after-sign-in";
import { LoginForm } from "@/components/auth/login-form";
import { env } from "@/server/config/env";

export const metadata: Metadata = { title: "Log in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const { error, callbackUrl } = await searchParams;
  const signupFailure = signupFailureRedirect(single(error), single(callbackUrl));
  if (signupFailure) redirect(signupFailure);
  return (
    <Suspense>
      <LoginForm googleEnabled={env.googleSignInConfigured} />
    </Suspense>
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
