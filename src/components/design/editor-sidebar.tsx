"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SectionTabs, type SectionId } from "./section-tabs";

interface EditorSidebarProps {
  section: SectionId;
  onSection: (id: SectionId) => void;
  dirty: boolean;
  saving: boolean;
  onSaveNow: () => void;
  previewOpen: boolean;
  onTogglePreview: () => void;
}

/** Back link, the section tabs and the save state ('Unsaved changes' with 'Save Now'). */
export function EditorSidebar({ section, onSection, dirty, saving, onSaveNow, previewOpen, onTogglePreview }: EditorSidebarProps) {
  return (
    <nav aria-label="Design editor" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <Link href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-600 hover:text-gray-900">
          <span aria-hidden>←</span> Back to Dashboard
        </Link>
        <button
          type="button"
          aria-expanded={previewOpen}
          aria-controls="design-preview"
          onClick={onTogglePreview}
          className="rounded-xl border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50 lg:hidden"
        >
          Preview
        </button>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Design</h1>
      <SectionTabs active={section} onChange={onSection} />
      <div aria-live="polite" className="min-h-10 text-sm">
        {dirty ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 xl:flex-col xl:items-stretch">
            <span className="flex items-center gap-2 font-medium text-amber-800">
              <span aria-hidden className="h-2 w-2 rounded-full bg-amber-500" />
              Unsaved changes
            </span>
            <Button onClick={onSaveNow} className="px-3 py-1.5">
              Save Now
            </Button>
            {saving && <span className="text-xs text-amber-800">Saving...</span>}
          </div>
        ) : saving ? (
          <p className="px-1 text-gray-500">Saving...</p>
        ) : (
          <p className="px-1 text-gray-500">All changes saved</p>
        )}
      </div>
    </nav>
  );
}
