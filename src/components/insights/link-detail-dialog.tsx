"use client";

import { useQuery } from "@tanstack/react-query";
import type { BreakdownItem } from "@/lib/schemas/analytics";
import { Modal } from "@/components/ui/modal";
import { useTRPC } from "@/trpc/react";
import { deviceLabel, formatCount, formatDay, formatPercent } from "./format";
import { analyticsInput, browserTimeZone } from "./use-analytics";
import type { InsightsView } from "./use-insights-view";

function ItemList({ title, items }: { title: string; items: BreakdownItem[] }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-gray-500">No clicks yet</p>
      ) : (
        <ul aria-label={title} className="mt-1 grid grid-cols-1 gap-1 text-sm">
          {items.map((item) => (
            <li key={item.name} className="flex justify-between gap-3">
              <span className="truncate text-gray-800" title={item.name}>
                {item.name}
              </span>
              <span className="shrink-0 text-gray-600 tabular-nums">
                {formatCount(item.count)} · {formatPercent(item.percentage)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One link's clicks, unique clicks, clicks per day, and where its clicks came from, for the screen's range and filters. */
export function LinkDetailDialog({
  view,
  linkId,
  countedAs,
  onClose,
}: {
  view: InsightsView;
  linkId: string;
  /** A link shown as a player counts presses of play: its figures say "plays". */
  countedAs: "clicks" | "plays";
  onClose: () => void;
}) {
  const noun = countedAs === "plays" ? "Plays" : "Clicks";
  const trpc = useTRPC();
  const { data, isPending, isError } = useQuery(
    trpc.analytics.link.queryOptions({ ...analyticsInput(view, browserTimeZone()), id: linkId }),
  );
  const busiest = Math.max(1, ...(data?.timeline ?? []).map((point) => point.clicks));
  return (
    <Modal
      open
      onClose={onClose}
      title={data?.title ?? "Link details"}
      description={`${noun} on this link over the selected period`}
      width="2xl"
    >
      {isPending ? (
        <p role="status" className="text-sm text-gray-500">
          Loading analytics...
        </p>
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          The details of this link could not be loaded.
        </p>
      ) : (
        <div className="grid gap-5">
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-gray-50 p-3">
              <dt className="text-xs font-medium text-gray-500">{noun}</dt>
              <dd className="text-2xl font-bold text-gray-900 tabular-nums">{formatCount(data.clicks)}</dd>
            </div>
            <div className="rounded-xl bg-gray-50 p-3">
              <dt className="text-xs font-medium text-gray-500">Unique {noun.toLowerCase()}</dt>
              <dd className="text-2xl font-bold text-gray-900 tabular-nums">{formatCount(data.unique_clicks)}</dd>
            </div>
          </dl>
          <div>
            <h3 className="text-sm font-semibold text-gray-900">{noun} by day</h3>
            <div className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-gray-600 tabular-nums">
              <div aria-hidden className="flex h-20 flex-col justify-between text-right">
                <span>{formatCount(busiest)}</span>
                <span>0</span>
              </div>
              <ol aria-label="Clicks by day" className="flex h-20 items-end gap-px border-b border-l border-gray-300">
                {data.timeline.map((point) => (
                  <li
                    key={point.date}
                    title={`${point.date}: ${point.clicks}`}
                    aria-label={`${formatDay(point.date, 30)}: ${point.clicks} ${point.clicks === 1 ? "click" : "clicks"}`}
                    className="min-w-0 flex-1 rounded-t bg-brand-500"
                    style={{ height: `${Math.max(2, (point.clicks / busiest) * 100)}%`, opacity: point.clicks > 0 ? 1 : 0.25 }}
                  />
                ))}
              </ol>
              {data.timeline.length > 0 && (
                <p data-testid="link-detail-days" className="col-start-2 mt-1 flex justify-between">
                  <span>{formatDay(data.timeline[0]!.date, 30)}</span>
                  <span>{formatDay(data.timeline.at(-1)!.date, 30)}</span>
                </p>
              )}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <ItemList title="Referrers" items={data.referrers} />
            <ItemList title="Countries" items={data.countries} />
            <ItemList title="Devices" items={data.devices.map((item) => ({ ...item, name: deviceLabel(item.name) }))} />
          </div>
        </div>
      )}
    </Modal>
  );
}
