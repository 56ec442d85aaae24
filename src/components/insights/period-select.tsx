"use client";

import { useState, type FormEvent } from "react";
import { MAX_RANGE_DAYS, RANGE_MESSAGES, RANGE_YEARS } from "@/lib/schemas/analytics-terms";
import { PERIODS, type PeriodDays } from "./types";
import type { InsightsView } from "./use-insights-view";

const CUSTOM = "custom";
const FIRST_DAY = `${RANGE_YEARS.first}-01-01`;
const LAST_DAY = `${RANGE_YEARS.last}-12-31`;

/** Today in the browser's zone, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

function rangeError(from: string, to: string): string | null {
  if (!from || !to) return "Choose both dates";
  if (from < FIRST_DAY || to > LAST_DAY) return RANGE_MESSAGES.years;
  if (to < from) return "The end date must not be before the start date";
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return days > MAX_RANGE_DAYS ? `A range covers at most ${MAX_RANGE_DAYS} days` : null;
}

/** Last 7, 30 or 90 days, or a custom range of days (at most 366) in the creator's time zone. */
export function PeriodSelect({
  view,
  onPeriod,
  onRange,
}: {
  view: InsightsView;
  onPeriod: (days: PeriodDays) => void;
  onRange: (from: string, to: string) => void;
}) {
  const custom = Boolean(view.from && view.to);
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState(view.from ?? "");
  const [to, setTo] = useState(view.to ?? today());
  const [error, setError] = useState<string | null>(null);
  const showRange = editing || custom;

  function apply(event: FormEvent) {
    event.preventDefault();
    const problem = rangeError(from, to);
    setError(problem);
    if (problem) return;
    setEditing(false);
    onRange(from, to);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative">
        <label htmlFor="insights-period" className="sr-only">
          Time period
        </label>
        <select
          id="insights-period"
          value={showRange ? CUSTOM : view.days}
          onChange={(event) => {
            if (event.target.value === CUSTOM) {
              setEditing(true);
              return;
            }
            setEditing(false);
            setError(null);
            onPeriod(Number(event.target.value) as PeriodDays);
          }}
          className="h-10 appearance-none rounded-xl border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm font-medium text-gray-800 shadow-sm hover:bg-gray-50"
        >
          {PERIODS.map((period) => (
            <option key={period.days} value={period.days}>
              {period.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom range</option>
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
      {showRange && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-center gap-2" aria-label="Custom range">
          <label className="flex items-center gap-1.5 text-sm text-gray-700">
            From
            <input
              type="date"
              value={from}
              min={FIRST_DAY}
              max={to || LAST_DAY}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error !== null}
              className="h-10 rounded-xl border border-gray-300 bg-white px-2 text-sm text-gray-800"
            />
          </label>
          <label className="flex items-center gap-1.5 text-sm text-gray-700">
            To
            <input
              type="date"
              value={to}
              min={from || FIRST_DAY}
              max={LAST_DAY}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error !== null}
              className="h-10 rounded-xl border border-gray-300 bg-white px-2 text-sm text-gray-800"
            />
          </label>
          <button type="submit" className="h-10 rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700">
            Apply
          </button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
