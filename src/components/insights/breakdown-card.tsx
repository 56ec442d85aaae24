"use client";

import { useId, useState, type ReactNode } from "react";
import type { AnalyticsFilterName } from "@/lib/schemas/analytics";
import { FILTER_LABELS } from "./filter-chips";
import { formatCount, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";

export interface BreakdownRow {
  name: string;
  count: number;
  percentage: number;
  /** The filter value the row applies (a country's code); its name otherwise. */
  value?: string;
}

const SHOWN = 5;

/**
 * One breakdown (countries, referrers, browsers, …): the top five rows with "View all" for the
 * rest. Clicking a row filters the whole screen by it, when the breakdown is filterable.
 */
export function BreakdownCard({
  title,
  description,
  rows,
  emptyText,
  filter,
  onFilter,
  active = [],
  numbered = false,
  children,
}: {
  title: string;
  description: string;
  rows: BreakdownRow[];
  emptyText: string;
  filter?: AnalyticsFilterName;
  onFilter?: (name: AnalyticsFilterName, value: string) => void;
  active?: string[];
  numbered?: boolean;
  children?: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? rows : rows.slice(0, SHOWN);
  const List = numbered ? "ol" : "ul";
  return (
    <SectionCard title={title} description={description}>
      {children}
      {rows.length === 0 ? (
        <EmptyState text={emptyText} />
      ) : (
        <>
          <List id={listId} className="grid grid-cols-1 gap-1">
            {shown.map((row, index) => {
              const value = row.value ?? row.name;
              const content = (
                <>
                  {numbered && (
                    <span
                      aria-hidden
                      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700"
                    >
                      {index + 1}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-medium text-gray-800">{row.name}</span>
                      <span className="shrink-0 text-gray-500 tabular-nums">
                        {formatCount(row.count)} {row.count === 1 ? "visit" : "visits"}
                      </span>
                    </span>
                    <span className="mt-1 block h-1.5 overflow-hidden rounded-full bg-gray-100">
                      <span
                        className="block h-full rounded-full bg-brand-500"
                        style={{ width: `${Math.min(100, Math.max(0, row.percentage))}%` }}
                      />
                    </span>
                  </span>
                  <span className="w-14 shrink-0 text-right font-semibold text-gray-900 tabular-nums">{formatPercent(row.percentage)}</span>
                </>
              );
              const line = "flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left text-sm";
              return (
                <li key={`${value}-${index}`}>
                  {filter && onFilter ? (
                    <button
                      type="button"
                      onClick={() => onFilter(filter, value)}
                      aria-pressed={active.includes(value)}
                      className={`${line} hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-brand-50`}
                    >
                      <span className="sr-only">Filter by {FILTER_LABELS[filter]}: </span>
                      {content}
                    </button>
                  ) : (
                    <div className={line}>{content}</div>
                  )}
                </li>
              );
            })}
          </List>
          {rows.length > SHOWN && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded(!expanded)}
              className="hover:text-brand-800 mt-3 text-sm font-semibold text-brand-700"
            >
              {expanded ? "Show top 5" : `View all ${rows.length}`}
            </button>
          )}
        </>
      )}
    </SectionCard>
  );
}
