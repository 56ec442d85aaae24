"use client";

import { formatCount } from "./format";
import { useRealtime, REALTIME_POLL_MS } from "./use-analytics";
import type { InsightsView } from "./use-insights-view";

/** Views and clicks in the last 30 minutes, refreshed every 30 seconds without a reload. */
export function RealtimeCard({ view, tz }: { view: InsightsView; tz: string }) {
  const { data } = useRealtime(view, tz);
  return (
    <div role="group" aria-labelledby="stat-live" className="rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p id="stat-live" className="flex items-center gap-2 text-sm font-medium text-emerald-900">
          <span aria-hidden className="relative flex h-2.5 w-2.5">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
            <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
          </span>
          Live: last 30 minutes
        </p>
      </div>
      <div className="mt-3 flex items-end gap-6" aria-live="polite">
        <p className="text-gray-900">
          <span className="text-3xl font-bold tabular-nums" data-live-views>
            {formatCount(data?.views ?? 0)}
          </span>{" "}
          <span className="text-sm text-gray-600">views</span>
        </p>
        <p className="text-gray-900">
          <span className="text-3xl font-bold tabular-nums" data-live-clicks>
            {formatCount(data?.clicks ?? 0)}
          </span>{" "}
          <span className="text-sm text-gray-600">clicks</span>
        </p>
      </div>
      <p className="mt-2 text-xs text-emerald-900/80">Updates every {REALTIME_POLL_MS / 1000} seconds.</p>
    </div>
  );
}
