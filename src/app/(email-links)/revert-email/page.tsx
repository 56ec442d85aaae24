import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Take your account back" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The link in the notice sent to the old address after a change of address: undo it and set a new password. */
export default async function RevertEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <ResetPasswordForm kind="revert" token={typeof token === "string" ? token.slice(0, 200) : ""} />;
}
