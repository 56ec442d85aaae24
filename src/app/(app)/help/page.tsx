import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Help Center" };

export default function HelpPage() {
  return (
    <>
      <PageHeader title="Help Center" description="Guides and answers are on their way." />
      <div className="rounded-2xl border border-gray-200 bg-white p-8 text-gray-600">
        The Help Center is being written. Until then, the FAQ on the home page answers the most common questions.
      </div>
    </>
  );
}
