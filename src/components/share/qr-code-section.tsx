"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SwitchField } from "@/components/ui/switch-field";
import type { QrOptions } from "@/lib/schemas/share";
import { QR_JSON_MAX_SIZE, QR_SIZE, QR_SIZE_CHOICES, type QrFormat } from "@/lib/schemas/qr-terms";
import { useTRPC } from "@/trpc/react";
import { downloadFile } from "./download-file";

const PREVIEW_SIZE = QR_JSON_MAX_SIZE;
const FAILED = "Could not create the QR code. Please try again.";

/** Why the switch changed nothing visible, when it did not. */
const PAGE_COLORS_NOTE = {
  like_standard: "Your page's colours are close to black on white, so the code looks much the same.",
  too_close: "Your page's colours are too close to scan, so the code stays black on white.",
} as const;

/** The page's QR code: shown, in the page's colours on request, and downloadable as SVG or PNG at a chosen size. */
export function QrCodeSection() {
  const trpc = useTRPC();
  const sizeId = useId();
  const [size, setSize] = useState<number>(QR_SIZE.default);
  const [pageColors, setPageColors] = useState(false);
  const [downloading, setDownloading] = useState<QrFormat | null>(null);
  const colors: QrOptions["colors"] = pageColors ? "page" : "standard";
  const preview = useQuery(trpc.share.myQrCode.queryOptions({ format: "svg", size: PREVIEW_SIZE, colors }));

  async function download(format: QrFormat) {
    setDownloading(format);
    try {
      // A file, not base64 inside JSON: codes up to 2048 pixels come from /api/share/qr.
      const response = await fetch(`/api/share/qr?${new URLSearchParams({ format, size: String(size), colors }).toString()}`);
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { detail?: string };
        toast.error(response.status === 429 && answer.detail ? answer.detail : FAILED);
        return;
      }
      const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `qr-code.${format}`;
      downloadFile(await response.blob(), filename);
    } catch {
      toast.error(FAILED);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <section aria-labelledby={`${sizeId}-heading`} className="grid gap-4">
      <h3 id={`${sizeId}-heading`} className="text-sm font-semibold text-gray-900">
        QR code
      </h3>
      <div className="mx-auto flex h-48 w-48 items-center justify-center overflow-hidden rounded-xl border border-gray-200 bg-white">
        {preview.data ? (
          <img
            src={`data:${preview.data.content_type};base64,${preview.data.data_base64}`}
            alt={`QR code that opens ${preview.data.address}`}
            className="h-full w-full"
          />
        ) : preview.isError ? (
          <div className="grid justify-items-center gap-2 p-4 text-center text-sm text-gray-600">
            <p>The QR code could not be loaded.</p>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <span role="status" className="flex flex-col items-center gap-2 text-sm text-gray-500">
            <Spinner />
            Loading QR code...
          </span>
        )}
      </div>
      <p className="text-center text-xs text-gray-500">Visits through this code appear in Insights under “QR code”.</p>
      <SwitchField
        label="Use my page's colours"
        description="Black on white when your colours are too close to scan."
        checked={pageColors}
        onChange={setPageColors}
      />
      {pageColors && preview.data?.page_colors && preview.data.page_colors !== "drawn" && (
        <p role="status" className="-mt-2 text-xs text-gray-700">
          {PAGE_COLORS_NOTE[preview.data.page_colors]}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-4">
        <label htmlFor={sizeId} className="text-sm font-medium text-gray-800">
          Download size
        </label>
        <select
          id={sizeId}
          value={size}
          onChange={(event) => setSize(Number(event.target.value))}
          className="rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-800"
        >
          {QR_SIZE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice} × {choice} px
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void download("svg")} disabled={downloading !== null}>
          {downloading === "svg" ? "Preparing…" : "Download SVG"}
        </Button>
        <Button variant="secondary" onClick={() => void download("png")} disabled={downloading !== null}>
          {downloading === "png" ? "Preparing…" : "Download PNG"}
        </Button>
      </div>
    </section>
  );
}
