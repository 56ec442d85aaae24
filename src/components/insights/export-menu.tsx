"use client";

import { DropdownMenu } from "radix-ui";
import { useRef } from "react";
import { useTriggerHandOver, type MenuHandOver } from "@/components/ui/menu-on-demand";
import { EXPORT_BUTTON_CLASS, ExportFace } from "./export-face";

export interface ExportMenuProps {
  busy: boolean;
  onDownload: (format: "csv" | "json") => void;
  handOver: MenuHandOver;
}

const ITEM_CLASS =
  "flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100";

/** Export's Radix menu: CSV or JSON. */
export function ExportMenu({ busy, onDownload, handOver }: ExportMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTriggerHandOver(handOver, triggerRef);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={triggerRef} disabled={busy} aria-busy={busy} className={EXPORT_BUTTON_CLASS}>
        <ExportFace busy={busy} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-xl border border-gray-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onDownload("csv")}>
            CSV (spreadsheet)
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onDownload("json")}>
            JSON
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
