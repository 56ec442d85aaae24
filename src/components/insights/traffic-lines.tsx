"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CLICKS_COLOR, VIEWS_COLOR } from "./chart-colors";
import { formatDay, formatHour, formatLongDay, formatLongHour } from "./format";
import type { TimelinePoint } from "./types";

/** The Traffic Overview's drawing (recharts, loaded apart from the screen): views and clicks as two lines. */
export function TrafficLines({ data, hourly }: { data: TimelinePoint[]; hourly: boolean }) {
  const tick = (date: string) => (hourly ? formatHour(date, data.length) : formatDay(date, data.length));
  return (
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
  );
}
