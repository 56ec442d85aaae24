import { PERIODS, type PeriodDays } from "./types";

/** Last 7, 30 or 90 days. A native select: keyboard and screen-reader friendly, compact on phones. */
export function PeriodSelect({ value, onChange }: { value: PeriodDays; onChange: (days: PeriodDays) => void }) {
  return (
    <div className="relative">
      <label htmlFor="insights-period" className="sr-only">
        Time period
      </label>
      <select
        id="insights-period"
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as PeriodDays)}
        className="h-10 appearance-none rounded-xl border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm font-medium text-gray-800 shadow-sm hover:bg-gray-50"
      >
        {PERIODS.map((period) => (
          <option key={period.days} value={period.days}>
            {period.label}
          </option>
        ))}
      </select>
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-gray-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </div>
  );
}
