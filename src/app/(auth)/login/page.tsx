import type { Metadata } from "next";
import { Suspense } from "react";
import { LoginForm } from "@/components/auth/login-form";
import { env } from "@/server/config/env";

export const metadata: Metadata = { title: "Log in" };

export default function LoginPage() {
  return (
    <Suspense>
      <LoginForm googleEnabled={env.googleSignInConfigured} />
    </Suspense>
  );
}
