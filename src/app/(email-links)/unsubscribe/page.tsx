import type { Metadata } from "next";
import { UnsubscribeConfirm } from "@/components/settings/unsubscribe-confirm";

export const metadata: Metadata = { title: "Unsubscribe" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <UnsubscribeConfirm token={typeof token === "string" ? token.slice(0, 300) : ""} />;
}
