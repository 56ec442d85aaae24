import { formatChange } from "./format";

/** Percent change against the previous period: green up, red down, grey flat, '—' when unknown. */
export function ChangeBadge({ value, className = "" }: { value: number | null | undefined; className?: string }) {
  const base = `relative inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${className}`;
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return (
      <span className={`${base} bg-gray-100 text-gray-500`} title="No earlier data to compare with">
        <span aria-hidden>—</span>
        <span className="sr-only">No change data</span>
      </span>
    );
  }
  const rounded = Math.round(value * 10) / 10;
  const tone = rounded > 0 ? "bg-emerald-50 text-emerald-700" : rounded < 0 ? "bg-red-50 text-red-700" : "bg-gray-100 text-gray-600";
  const arrow = rounded > 0 ? "M6 15l6-6 6 6" : rounded < 0 ? "M6 9l6 6 6-6" : null;
  return (
    <span className={`${base} ${tone}`}>
      {arrow && (
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-3 w-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={arrow} />
        </svg>
      )}
      {formatChange(rounded)}
    </span>
  );
}
