"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CLICKS_COLOR, VIEWS_COLOR } from "./chart-colors";
import { formatCount, formatDay, formatLongDay } from "./format";
import { SectionCard } from "./section-card";
import type { TimelinePoint } from "./types";

/**
 * Traffic Overview: views and clicks per day over the selected period. The axis reads weekdays for
 * a week and short dates beyond, judged by the data shown (a period change keeps the old data briefly).
 */
export function TrafficChart({ data }: { data: TimelinePoint[] }) {
  const views = data.reduce((sum, point) => sum + point.views, 0);
  const clicks = data.reduce((sum, point) => sum + point.clicks, 0);
  return (
    <SectionCard title="Traffic Overview" description="Views and clicks by day">
      <p className="sr-only">
        {formatCount(views)} views and {formatCount(clicks)} clicks over {data.length} days.
      </p>
      <div className="h-72 w-full" data-testid="traffic-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#f1f5f9" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => formatDay(date, data.length)}
              tick={{ fill: "#6b7280", fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: "#e5e7eb" }}
              minTickGap={16}
              padding={{ left: 8, right: 8 }}
            />
            <YAxis allowDecimals={false} tick={{ fill: "#6b7280", fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              labelFormatter={(date) => (typeof date === "string" ? formatLongDay(date) : date)}
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
