"use client";

import dynamic from "next/dynamic";
import { WhenNearView } from "@/components/ui/when-near-view";
import { deviceColor } from "./chart-colors";
import { deviceLabel, formatCount, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";
import type { DeviceStat } from "./types";

// recharts loads after the legend's numbers are on screen, once the donut nears the viewport; the box keeps its room meanwhile.
const DevicesDonut = dynamic(() => import("./devices-donut").then((module) => module.DevicesDonut), { ssr: false });

/** Devices: a donut of visits by device type, with a text legend that carries the numbers; a row filters by its device. */
export function DevicesChart({
  devices,
  onFilter,
  active = [],
}: {
  devices: DeviceStat[];
  onFilter: (name: "device", value: string) => void;
  active?: string[];
}) {
  const shown = devices.filter((device) => device.count > 0);
  const rows = shown.map((device) => ({ ...device, label: deviceLabel(device.device_type) }));
  return (
    <SectionCard title="Devices" description="Visits by device type">
      {rows.length === 0 ? (
        <EmptyState text="No device data yet" />
      ) : (
        <div className="grid grid-cols-1 gap-4">
          <div className="mx-auto h-44 w-44" aria-hidden>
            <WhenNearView className="h-full w-full">
              <DevicesDonut rows={rows} />
            </WhenNearView>
          </div>
          <ul aria-label="Devices legend" className="grid gap-2">
            {rows.map((row, index) => (
              <li key={row.device_type} data-device={row.device_type}>
                <button
                  type="button"
                  onClick={() => onFilter("device", row.device_type)}
                  aria-pressed={active.includes(row.device_type)}
                  className="flex w-full items-center gap-3 rounded-lg px-2 py-1 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-brand-50"
                >
                  <span className="sr-only">Filter by Device: </span>
                  <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: deviceColor(index) }} />
                  <span className="flex-1 font-medium text-gray-800">{row.label}</span>
                  <span className="text-gray-500 tabular-nums">{formatCount(row.count)}</span>
                  <span className="w-14 text-right font-semibold text-gray-900 tabular-nums">{formatPercent(row.percentage)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
