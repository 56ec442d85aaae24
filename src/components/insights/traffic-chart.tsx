"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CLICKS_COLOR, VIEWS_COLOR } from "./chart-colors";
import { formatCount, formatDay, formatHour, formatLongDay, formatLongHour } from "./format";
import { SectionCard } from "./section-card";
import type { TimelinePoint } from "./types";
import type { Interval } from "./use-insights-view";

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
  const hourly = interval === "hour" && data[0]?.date.includes("T");
  const tick = (date: string) => (hourly ? formatHour(date, data.length) : formatDay(date, data.length));
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
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#f1f5f9" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={tick}
              tick={{ fill: "#6b7280", fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: "#e5e7eb" }}
              minTickGap={16}
              padding={{ left: 8, right: 8 }}
            />
            <YAxis allowDecimals={false} tick={{ fill: "#6b7280", fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              labelFormatter={(date) => (typeof date !== "string" ? date : hourly ? formatLongHour(date) : formatLongDay(date))}
              contentStyle={{ borderRadius: 12, borderColor: "#e5e7eb", fontSize: 13 }}
            />
            <Legend itemSorter={null} iconType="circle" wrapperStyle={{ fontSize: 13, paddingTop: 8 }} />
            <Line
              type="monotone"
              dataKey="views"
              name="Views"
              stroke={VIEWS_COLOR}
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 5 }}
              animationDuration={600}
            />
            <Line
              type="monotone"
              dataKey="clicks"
              name="Clicks"
              stroke={CLICKS_COLOR}
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 5 }}
              animationDuration={600}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </SectionCard>
  );
}
