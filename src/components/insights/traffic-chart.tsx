"use client";

import dynamic from "next/dynamic";
import { WhenNearView } from "@/components/ui/when-near-view";
import { formatCount } from "./format";
import { SectionCard } from "./section-card";
import type { TimelinePoint } from "./types";
import type { Interval } from "./use-insights-view";

// recharts loads after the numbers are on screen, once the chart nears the viewport; the box keeps its room meanwhile.
const TrafficLines = dynamic(() => import("./traffic-lines").then((module) => module.TrafficLines), { ssr: false });

/**
 * Traffic Overview: views and clicks per day over the selected period. The axis reads weekdays for
 * a week and short dates beyond, judged by the data shown (a period change keeps the old data briefly).
 */
export function TrafficChart({
  data,
  interval,
  onInterval,
  hourlyAllowed,
}: {
  data: TimelinePoint[];
  interval: Interval;
  onInterval: (interval: Interval) => void;
  /** Hourly points are offered for ranges of up to 7 days. */
  hourlyAllowed: boolean;
}) {
  const views = data.reduce((sum, point) => sum + point.views, 0);
  const clicks = data.reduce((sum, point) => sum + point.clicks, 0);
  const hourly = interval === "hour" && Boolean(data[0]?.date.includes("T"));
  const option = (value: Interval, label: string) => (
    <button
      type="button"
      aria-pressed={interval === value}
      onClick={() => onInterval(value)}
      className="rounded-lg px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-pressed:bg-brand-600 aria-pressed:text-white"
    >
      {label}
    </button>
  );
  return (
    <SectionCard title="Traffic Overview" description={hourly ? "Views and clicks by hour" : "Views and clicks by day"}>
      {hourlyAllowed && (
        <div role="group" aria-label="Interval" className="mb-3 inline-flex gap-1 rounded-xl border border-gray-200 p-1">
          {option("day", "Daily")}
          {option("hour", "Hourly")}
        </div>
      )}
      <p className="sr-only">
        {formatCount(views)} views and {formatCount(clicks)} clicks over {data.length} {hourly ? "hours" : "days"}.
      </p>
      <div className="h-72 w-full" data-testid="traffic-chart">
        <WhenNearView className="h-full w-full">
          <TrafficLines data={data} hourly={hourly} />
        </WhenNearView>
      </div>
    </SectionCard>
  );
}
