import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Design" };

export default function Page() {
  return <PageHeader title="Design" description="Make your page yours." />;
}
