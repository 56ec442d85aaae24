import type { Metadata } from "next";
import { ImportScreen } from "@/components/import/import-screen";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Import" };

export default function Page() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Import your page"
        description="Bring your links from Linktree, LinkStack, a CSV file or a Linkbio export. Nothing changes until you confirm."
      />
      <ImportScreen doneHref="/links" />
    </div>
  );
}
