"use client";

import { useRef, type KeyboardEvent } from "react";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

const STEP: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

interface TabListProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  /** The list's accessible name. */
  label: string;
  /** Prefix of the tabs' and panels' element ids (see tabId and panelId). */
  idPrefix: string;
}

/** Tabs in a row on small screens and a column on wide ones: arrow keys move and select, Home and End jump; one tab stop. */
export function TabList<Id extends string>({ tabs, active, onChange, label, idPrefix }: TabListProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = tabs.length;
    let next: number;
    if (event.key in STEP) next = (index + STEP[event.key]! + count) % count;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    else return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    buttons.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 xl:flex-col">
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`rounded-xl px-3 py-2 text-left text-sm xl:px-4 xl:py-2.5 font-semibold transition ${
              selected ? "bg-brand-600 text-white shadow-sm" : "text-gray-700 hover:bg-gray-100"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
