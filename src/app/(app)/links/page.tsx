import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Links manager" };

export default function Page() {
  return <PageHeader title="Links manager" description="Add, order and switch your links." />;
}
