"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { useTRPCClient } from "@/trpc/react";

/** Settings › Privacy: the whole account as one JSON file (uploaded images inside as data URLs). */
export function DownloadMyData() {
  const trpc = useTRPCClient();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await trpc.auth.exportData.query();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = `linkbio-export-${data.exported_at.slice(0, 10)}.json`;
      anchor.click();
      URL.revokeObjectURL(url);
      toast.success("Your data is downloading");
    } catch {
      toast.error("Failed to prepare your data");
    } finally {
      setBusy(false);
    }
  }

  return (
    <PanelBlock
      title="Your data"
      description="One JSON file with your account, settings, profiles, designs, links and daily analytics; uploaded images are included."
    >
      <div>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void download()}>
          {busy ? "Preparing..." : "Download my data"}
        </Button>
      </div>
    </PanelBlock>
  );
}
