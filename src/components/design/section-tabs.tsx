"use client";

import { panelId as panelIdOf, TabList, tabId as tabIdOf } from "@/components/ui/tab-list";

export const SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "wallpaper", label: "Wallpaper" },
  { id: "style", label: "Style" },
  { id: "animations", label: "Animations" },
  { id: "advanced", label: "Advanced" },
  { id: "templates", label: "Templates" },
] as const;
export type SectionId = (typeof SECTIONS)[number]["id"];

const ID_PREFIX = "design";
export const tabId = (id: SectionId) => tabIdOf(ID_PREFIX, id);
export const panelId = (id: SectionId) => panelIdOf(ID_PREFIX, id);

/** The editor's five sections, then Templates, which applies a whole look to the draft. */
export function SectionTabs({ active, onChange }: { active: SectionId; onChange: (id: SectionId) => void }) {
  return <TabList tabs={SECTIONS} active={active} onChange={onChange} label="Design sections" idPrefix={ID_PREFIX} />;
}
