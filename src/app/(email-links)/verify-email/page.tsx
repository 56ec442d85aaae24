import type { Metadata } from "next";
import { EmailLinkResult } from "@/components/auth/email-link-result";

export const metadata: Metadata = { title: "Confirm your email address" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <EmailLinkResult token={typeof token === "string" ? token.slice(0, 200) : ""} />;
}
