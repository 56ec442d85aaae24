"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { useTRPCClient } from "@/trpc/react";
import { downloadText } from "./download";
import type { PeriodDays } from "./types";
import { browserTimeZone } from "./use-analytics";

/** Downloads the selected period's analytics as a CSV file. */
export function ExportButton({ days }: { days: PeriodDays }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      const { filename, content } = await client.analytics.export.query({ days, tz: browserTimeZone() });
      downloadText(filename, content);
    } catch (error) {
      console.error("Failed to export analytics", error);
      toast.error("Failed to export analytics");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy} aria-busy={busy} className="h-10 py-2">
      {busy ? (
        <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-gray-300 border-t-gray-700" />
      ) : (
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 4v12m0 0-5-5m5 5 5-5M4 20h16" />
        </svg>
      )}
      Export
    </Button>
  );
}
