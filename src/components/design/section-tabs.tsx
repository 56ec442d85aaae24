"use client";

import { useRef, type KeyboardEvent } from "react";

export const SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "wallpaper", label: "Wallpaper" },
  { id: "style", label: "Style" },
  { id: "animations", label: "Animations" },
  { id: "advanced", label: "Advanced" },
] as const;
export type SectionId = (typeof SECTIONS)[number]["id"];

export const tabId = (id: SectionId) => `design-tab-${id}`;
export const panelId = (id: SectionId) => `design-panel-${id}`;

const STEP: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** The five sections as a tablist: arrow keys move and select, Home and End jump; one tab stop. */
export function SectionTabs({ active, onChange }: { active: SectionId; onChange: (id: SectionId) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = SECTIONS.length;
    let next: number;
    if (event.key in STEP) next = (index + STEP[event.key]! + count) % count;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    else return;
    event.preventDefault();
    onChange(SECTIONS[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label="Design sections" className="flex flex-wrap gap-1 xl:flex-col">
      {SECTIONS.map((section, index) => {
        const selected = section.id === active;
        return (
          <button
            key={section.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(section.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(section.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(section.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`rounded-xl px-3 py-2 text-left text-sm xl:px-4 xl:py-2.5 font-semibold transition ${
              selected ? "bg-brand-600 text-white shadow-sm" : "text-gray-700 hover:bg-gray-100"
            }`}
          >
            {section.label}
          </button>
        );
      })}
    </div>
  );
}
