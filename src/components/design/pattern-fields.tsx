"use client";

import { ChoiceGroup } from "./controls/choice-group";
import { ColorField } from "./controls/color-field";
import { PanelBlock } from "@/components/ui/panel-block";
import { SliderField } from "./controls/slider-field";
import { optionChoices } from "./choices";
import type { DesignEditor } from "./use-design-editor";

const PATTERN_CHOICES = optionChoices("pattern_type");
/** Only these patterns draw shapes whose size can change. */
const SIZED_PATTERNS = new Set(["dots", "circles"]);
const pixels = (value: number) => `${value}px`;
const percent = (value: number) => `${value}%`;

/** Pattern type, colour, opacity (shown 0-100, stored 0-1), size and spacing. */
export function PatternFields({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const update = editor.updateDesign;
  return (
    <PanelBlock title="Pattern">
      <ChoiceGroup
        label="Pattern Type"
        choices={PATTERN_CHOICES}
        value={design.pattern_type}
        onChange={(pattern_type) => update({ pattern_type })}
      />
      <ColorField
        label="Pattern Color"
        value={design.pattern_color}
        error={editor.errors.pattern_color}
        onChange={(pattern_color) => update({ pattern_color })}
      />
      <SliderField
        label="Opacity"
        min={0}
        max={100}
        step={5}
        value={Math.round(design.pattern_opacity * 100)}
        format={percent}
        onChange={(value) => update({ pattern_opacity: value / 100 })}
      />
      {SIZED_PATTERNS.has(design.pattern_type) && (
        <SliderField
          label="Size"
          min={5}
          max={50}
          step={5}
          value={design.pattern_size}
          format={pixels}
          onChange={(pattern_size) => update({ pattern_size })}
        />
      )}
      <SliderField
        label="Spacing"
        min={20}
        max={100}
        step={10}
        value={design.pattern_spacing}
        format={pixels}
        onChange={(pattern_spacing) => update({ pattern_spacing })}
      />
    </PanelBlock>
  );
}
