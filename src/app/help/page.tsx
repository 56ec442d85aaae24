import type { Metadata } from "next";
import { HelpCenter } from "@/components/help/help-center";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Help Center" };

export default function HelpPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Help Center" description="Short answers about your page, with a link to where each thing is done." />
      <HelpCenter />
    </div>
  );
}
