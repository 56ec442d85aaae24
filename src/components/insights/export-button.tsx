"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { loadOnce, useMenuOnDemand } from "@/components/ui/menu-on-demand";
import { useTRPCClient } from "@/trpc/react";
import { downloadText } from "./download";
import { EXPORT_BUTTON_CLASS, ExportFace } from "./export-face";
import { analyticsInput, browserTimeZone } from "./use-analytics";
import type { InsightsView } from "./use-insights-view";

const loadExportMenu = loadOnce(() => import("./export-menu").then((module) => module.ExportMenu));

/** Downloads every report of the selected range and filters, as CSV or JSON; its menu loads when first pointed at, focused or pressed. */
export function ExportButton({ view }: { view: InsightsView }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const { Menu, handOver, standInProps } = useMenuOnDemand(loadExportMenu);

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

  if (Menu) return <Menu busy={busy} onDownload={(format) => void download(format)} handOver={handOver} />;
  return (
    <button {...standInProps} disabled={busy} aria-busy={busy} className={EXPORT_BUTTON_CLASS}>
      <ExportFace busy={busy} />
    </button>
  );
}
