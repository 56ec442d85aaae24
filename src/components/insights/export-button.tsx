"use client";

import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import toast from "react-hot-toast";
import { useTRPCClient } from "@/trpc/react";
import { downloadText } from "./download";
import { analyticsInput, browserTimeZone } from "./use-analytics";
import type { InsightsView } from "./use-insights-view";

/** Downloads every report of the selected range and filters, as CSV or JSON. */
export function ExportButton({ view }: { view: InsightsView }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);

  async function download(format: "csv" | "json") {
    setBusy(true);
    try {
      const { filename, content, content_type } = await client.analytics.export.query({
        ...analyticsInput(view, browserTimeZone()),
        format,
      });
      downloadText(filename, content, content_type);
    } catch (error) {
      console.error("Failed to export analytics", error);
      toast.error("Failed to export analytics");
    } finally {
      setBusy(false);
    }
  }

  const item = "flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100";
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        disabled={busy}
        aria-busy={busy}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-xl border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50 disabled:opacity-60"
      >
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-xl border border-gray-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item className={item} onSelect={() => void download("csv")}>
            CSV (spreadsheet)
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void download("json")}>
            JSON
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
