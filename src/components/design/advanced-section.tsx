"use client";

import { useState } from "react";
import { PanelBlock } from "@/components/ui/panel-block";
import { SwitchField } from "@/components/ui/switch-field";
import { CustomDomainSection } from "@/components/domains/custom-domain-section";
import { MusicFields } from "./music-fields";
import type { DesignEditor } from "./use-design-editor";

const PAGE_FEATURES = ["Visitor Counter", "Social Share Buttons", "Contact Form"] as const;

/** Background music, how links open, the page's custom domain, and the 'Page Features' switches, which are bound to no setting, so local only. */
export function AdvancedSection({ editor }: { editor: DesignEditor }) {
  const [features, setFeatures] = useState<Record<string, boolean>>({});
  return (
    <div className="grid gap-5">
      <MusicFields editor={editor} />
      <PanelBlock title="Opening Links">
        <SwitchField
          label="Ask visitors before opening links"
          description="Visitors see the link's title and where it goes before it opens. Links marked 18+ always ask visitors to confirm their age."
          checked={editor.draft.design.ask_before_opening_links}
          onChange={(ask_before_opening_links) => editor.updateDesign({ ask_before_opening_links })}
        />
      </PanelBlock>
      <CustomDomainSection />
      <PanelBlock title="Page Features" description="Coming soon: these switches are not saved and do not change your page yet.">
        {PAGE_FEATURES.map((feature) => (
          <SwitchField
            key={feature}
            label={feature}
            description="Coming soon"
            checked={features[feature] ?? false}
            onChange={(checked) => setFeatures((current) => ({ ...current, [feature]: checked }))}
          />
        ))}
      </PanelBlock>
    </div>
  );
}
