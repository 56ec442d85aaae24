import type { ReactNode } from "react";
import { ChangeBadge } from "./change-badge";

/** One summary number with its change against the previous period. */
export function StatCard({
  label,
  value,
  change,
  icon,
  note,
}: {
  label: string;
  value: string;
  change: number | null;
  icon: ReactNode;
  /** What the figure means, shown beside it. */
  note?: string;
}) {
  const labelId = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={note ? `${labelId}-note` : undefined}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-gray-500">
          {label}
        </p>
        <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          {icon}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
        <p className="text-3xl font-bold tracking-tight text-gray-900 tabular-nums" data-stat-value>
          {value}
        </p>
        <span className="flex items-center gap-1.5">
          <ChangeBadge value={change} />
          <span className="text-xs text-gray-500">vs previous</span>
        </span>
      </div>
      {note && (
        <p id={`${labelId}-note`} className="mt-2 text-xs text-gray-500">
          {note}
        </p>
      )}
    </div>
  );
}
