"use client";

import { useEffect, useMemo, useState, type ReactNode } from "react";
import { SAMPLE_LINKS } from "@/components/profile-page/sample-links";
import type { PublicProfileData } from "@/lib/public-profile";
import { AdvancedSection } from "./advanced-section";
import { AnimationsSection } from "./animations-section";
import { DesignPreview } from "./design-preview";
import type { EditorDraft } from "./editor-draft";
import { EditorSidebar } from "./editor-sidebar";
import { ProfileSection } from "./profile-section";
import { panelId, tabId, type SectionId } from "./section-tabs";
import { StyleSection } from "./style-section";
import { TemplatesSection } from "./templates-section";
import { useDesignEditor, type DesignEditor } from "./use-design-editor";
import { WallpaperSection } from "./wallpaper-section";

const PANELS: Record<SectionId, (props: { editor: DesignEditor }) => ReactNode> = {
  profile: ProfileSection,
  wallpaper: WallpaperSection,
  style: StyleSection,
  animations: AnimationsSection,
  advanced: AdvancedSection,
  templates: TemplatesSection,
};

/** What the renderer needs besides the editable fields: the links are those the public page shows. */
export type PreviewExtras = Pick<PublicProfileData, "title" | "show_branding" | "links">;

/** The editor: sidebar and section panel on the left, the live phone preview on the right. */
export function DesignWorkspace({ initial, extras }: { initial: EditorDraft; extras: PreviewExtras }) {
  const editor = useDesignEditor(initial);
  const [section, setSection] = useState<SectionId>("profile");
  const [previewOpen, setPreviewOpen] = useState(false);
  const { draft } = editor;
  const Panel = PANELS[section];

  // On narrow screens the preview sits below the panel, behind the 'Preview' toggle: bring it into view.
  useEffect(() => {
    if (previewOpen) document.getElementById("design-preview")?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [previewOpen]);

  const preview = useMemo<PublicProfileData>(
    () => ({ ...draft.profile, ...extras, links: extras.links.length > 0 ? extras.links : SAMPLE_LINKS, design: draft.design }),
    [draft, extras],
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px] xl:grid-cols-[10.5rem_minmax(0,1fr)_320px]">
      <div className="lg:col-start-1 lg:row-start-1 xl:sticky xl:top-8">
        <EditorSidebar
          section={section}
          onSection={setSection}
          dirty={editor.dirty}
          saving={editor.saving}
          onSaveNow={editor.saveNow}
          previewOpen={previewOpen}
          onTogglePreview={() => setPreviewOpen((open) => !open)}
        />
      </div>
      <div
        role="tabpanel"
        id={panelId(section)}
        aria-labelledby={tabId(section)}
        tabIndex={0}
        className="min-w-0 rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:col-start-1 lg:row-start-2 xl:col-start-2 xl:row-start-1"
      >
        <Panel editor={editor} />
      </div>
      <div
        id="design-preview"
        className={`${previewOpen ? "block" : "hidden"} lg:sticky lg:top-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:block xl:col-start-3 xl:row-span-1`}
      >
        <DesignPreview profile={preview} liveSlug={editor.saved.profile.slug} />
      </div>
    </div>
  );
}
