"use client";

import { Tabs } from "radix-ui";
import type { KeyboardEvent } from "react";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

// Radix moves along the row only; the tabs stand in a column on wide screens, so up and down move too.
const CROSS_STEP: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };

interface TabListProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  /** The list's accessible name. */
  label: string;
  /** Prefix of the tabs' and panels' element ids (see tabId and panelId); callers render the panel. */
  idPrefix: string;
  /** Called when the pointer or focus reaches a tab, before it may be chosen (to fetch what it shows). */
  onIntent?: (id: Id) => void;
}

/** Radix tabs in a row on small screens and a column on wide ones: arrow keys move and select, Home and End jump; one tab stop. */
export function TabList<Id extends string>({ tabs, active, onChange, label, idPrefix, onIntent }: TabListProps<Id>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = CROSS_STEP[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onChange(next.id);
    document.getElementById(tabId(idPrefix, next.id))?.focus();
  }

  return (
    <Tabs.Root value={active} onValueChange={(value) => onChange(value as Id)} activationMode="automatic">
      <Tabs.List aria-label={label} loop onKeyDown={onKeyDown} className="flex flex-wrap gap-1 xl:flex-col">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.id}
            value={tab.id}
            id={tabId(idPrefix, tab.id)}
            aria-controls={panelId(idPrefix, tab.id)}
            onPointerEnter={() => onIntent?.(tab.id)}
            onFocus={() => onIntent?.(tab.id)}
            className="rounded-xl px-3 py-2 text-left text-sm font-semibold text-gray-700 transition hover:bg-gray-100 data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm data-[state=active]:hover:bg-brand-600 xl:px-4 xl:py-2.5"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
