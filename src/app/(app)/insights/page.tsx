import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Insights" };

export default function Page() {
  return <PageHeader title="Insights" description="Views and clicks over time." />;
}
