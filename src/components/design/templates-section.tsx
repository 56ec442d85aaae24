"use client";

import { useState } from "react";
import { TemplateCard } from "@/components/onboarding/template-card";
import { PanelBlock } from "@/components/ui/panel-block";
import { designFromTemplate } from "@/lib/design/templates";
import type { DesignData } from "@/lib/public-profile";
import { TEMPLATE_LABELS, TEMPLATE_NAMES, type TemplateName } from "@/lib/schemas/template-names";
import { changedKeys } from "./editor-draft";
import type { DesignEditor } from "./use-design-editor";

/**
 * The onboarding templates, applied to the draft in place: an edit like any other (the preview
 * shows it, 'Unsaved changes' and autosave follow), with Undo back to the design before it.
 */
export function TemplatesSection({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const [applied, setApplied] = useState<{ template: TemplateName; before: DesignData } | null>(null);

  function apply(template: TemplateName) {
    setApplied({ template, before: design });
    editor.updateDesign(designFromTemplate(template, design));
  }

  function undo() {
    if (!applied) return;
    editor.updateDesign(applied.before);
    setApplied(null);
  }

  return (
    <div className="grid gap-5">
      <PanelBlock
        title="Templates"
        description="Start from a complete look. Applying one replaces your wallpaper, colours, buttons, font, animations and music; your profile and links stay as they are."
      >
        <div aria-live="polite" className="empty:hidden">
          {applied && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm">
              <span className="font-medium text-brand-700">{TEMPLATE_LABELS[applied.template]} applied to your page.</span>
              <button
                type="button"
                onClick={undo}
                className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Undo
              </button>
            </div>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {TEMPLATE_NAMES.map((template) => (
            <TemplateCard
              key={template}
              template={template}
              applying={false}
              disabled={false}
              current={changedKeys(designFromTemplate(template, design), design).length === 0}
              onChoose={() => apply(template)}
            />
          ))}
        </div>
      </PanelBlock>
    </div>
  );
}
