"use client";

import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { deviceColor } from "./chart-colors";
import { formatCount } from "./format";

/** The Devices donut (recharts, loaded apart from the screen); decoration beside the legend that carries the numbers. */
export function DevicesDonut({ rows }: { rows: { device_type: string; label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={rows}
          dataKey="count"
          nameKey="label"
          innerRadius="58%"
          outerRadius="100%"
          paddingAngle={rows.length > 1 ? 2 : 0}
          stroke="none"
          animationDuration={600}
          // The donut is decoration beside the legend (aria-hidden): nothing in it may take focus.
          rootTabIndex={-1}
        >
          {rows.map((row, index) => (
            <Cell key={row.device_type} fill={deviceColor(index)} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value) => formatCount(Number(value))}
          contentStyle={{ borderRadius: 12, borderColor: "#e5e7eb", fontSize: 13 }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}
