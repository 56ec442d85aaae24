import type { Metadata } from "next";
import { Suspense } from "react";
import { RegisterForm } from "@/components/auth/register-form";
import { env } from "@/server/config/env";

export const metadata: Metadata = { title: "Sign up" };

export default function RegisterPage() {
  return (
    <Suspense>
      <RegisterForm googleEnabled={env.googleSignInConfigured} />
    </Suspense>
  );
}
