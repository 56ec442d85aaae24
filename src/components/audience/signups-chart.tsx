"use client";

import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AudienceSummary } from "@/lib/schemas/audience";

/** Sign-ups and confirmations per day (recharts; loaded only when the screen shows it: ./lazy-signups-chart.tsx). */
export default function SignupsChart({ data }: { data: AudienceSummary["per_day"] }) {
  return (
    <ResponsiveContainer width="100%" height={160}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} tick={{ fontSize: 11 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Bar dataKey="signups" name="Sign-ups" fill="#a5b4fc" />
        <Bar dataKey="confirmed" name="Confirmed" fill="#4f46e5" />
      </BarChart>
    </ResponsiveContainer>
  );
}
