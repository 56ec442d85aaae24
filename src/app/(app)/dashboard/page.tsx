import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Links" };

export default function Page() {
  return <PageHeader title="Links" description="Everything on your page, in one list." />;
}
