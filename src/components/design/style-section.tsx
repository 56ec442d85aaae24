"use client";

import { useMemo } from "react";
import { normalizeDesign } from "@/lib/design/normalize";
import { readableColors } from "@/lib/design/page-colors";
import { ChoiceGroup } from "./controls/choice-group";
import { ColorField } from "./controls/color-field";
import { PanelBlock } from "@/components/ui/panel-block";
import { ContrastNote } from "./contrast-note";
import { FONT_CHOICES, FONT_SIZE_CHOICES, LINK_SPACING_CHOICES, optionChoices } from "./choices";
import type { DesignEditor } from "./use-design-editor";

const SHAPE_CHOICES = optionChoices("button_style");
const VARIANT_CHOICES = optionChoices("button_variant");

/** Buttons (shape, style, colours), fonts, text colour and the space between links. */
export function StyleSection({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const update = editor.updateDesign;
  // What the preview and the page will show, from the same rules (a colour still being typed counts as its default).
  const { low, adjusted } = useMemo(() => readableColors(normalizeDesign(design)), [design]);
  return (
    <div className="grid gap-5">
      <PanelBlock title="Buttons">
        <ChoiceGroup
          label="Button Shape"
          choices={SHAPE_CHOICES}
          value={design.button_style}
          onChange={(button_style) => update({ button_style })}
        />
        <ChoiceGroup
          label="Button Style"
          choices={VARIANT_CHOICES}
          value={design.button_variant}
          onChange={(button_variant) => update({ button_variant })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ColorField
            label="Button Color"
            value={design.button_color}
            error={editor.errors.button_color}
            onChange={(button_color) => update({ button_color })}
            note={
              <ContrastNote low={low.button_color} adjusted={adjusted.button_color} onFix={(button_color) => update({ button_color })} />
            }
          />
          <ColorField
            label="Button Text Color"
            value={design.button_text_color}
            error={editor.errors.button_text_color}
            onChange={(button_text_color) => update({ button_text_color })}
            note={
              <ContrastNote
                low={low.button_text_color}
                adjusted={adjusted.button_text_color}
                onFix={(button_text_color) => update({ button_text_color })}
              />
            }
          />
        </div>
      </PanelBlock>

      <PanelBlock title="Text">
        <ChoiceGroup
          label="Font Family"
          choices={FONT_CHOICES}
          value={design.font_family}
          onChange={(font_family) => update({ font_family })}
        />
        <ChoiceGroup
          label="Font Size"
          choices={FONT_SIZE_CHOICES}
          value={design.font_size}
          columns={4}
          onChange={(font_size) => update({ font_size })}
        />
        <ColorField
          label="Text Color"
          value={design.text_color}
          error={editor.errors.text_color}
          onChange={(text_color) => update({ text_color })}
          note={<ContrastNote low={low.text_color} adjusted={adjusted.text_color} onFix={(text_color) => update({ text_color })} />}
        />
      </PanelBlock>

      <PanelBlock title="Layout">
        <ChoiceGroup
          label="Link Spacing"
          choices={LINK_SPACING_CHOICES}
          value={design.link_spacing}
          columns={4}
          onChange={(link_spacing) => update({ link_spacing })}
        />
      </PanelBlock>
    </div>
  );
}
