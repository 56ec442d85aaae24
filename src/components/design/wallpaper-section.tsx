"use client";

import { useMemo } from "react";
import { normalizeDesign } from "@/lib/design/normalize";
import { readableColors } from "@/lib/design/page-colors";
import { ChoiceGroup } from "./controls/choice-group";
import { ColorField } from "./controls/color-field";
import { PanelBlock } from "@/components/ui/panel-block";
import { SliderField } from "./controls/slider-field";
import { optionChoices } from "./choices";
import { ContrastNote } from "./contrast-note";
import { ImageFields } from "./image-fields";
import { PatternFields } from "./pattern-fields";
import type { DesignEditor } from "./use-design-editor";

const WALLPAPER_CHOICES = optionChoices("wallpaper_type");
const degrees = (value: number) => `${value}°`;

/** Background colour and the wallpaper: none, gradient, pattern or image. */
export function WallpaperSection({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const update = editor.updateDesign;
  // The creator's own text colour is judged against the wallpaper being edited here too.
  const { low, adjusted } = useMemo(() => readableColors(normalizeDesign(design)), [design]);
  return (
    <div className="grid gap-5">
      <PanelBlock title="Wallpaper">
        <ColorField
          label="Background Color"
          value={design.background_color}
          error={editor.errors.background_color}
          onChange={(background_color) => update({ background_color })}
        />
        <ChoiceGroup
          label="Wallpaper Type"
          choices={WALLPAPER_CHOICES}
          value={design.wallpaper_type}
          columns={4}
          onChange={(wallpaper_type) => update({ wallpaper_type })}
        />
        <div aria-live="polite">
          <ContrastNote subject="Text color" low={low.text_color} onFix={(text_color) => update({ text_color })} />
          <ContrastNote subject="Button color" adjusted={adjusted.button_color} onFix={(button_color) => update({ button_color })} />
        </div>
      </PanelBlock>

      {design.wallpaper_type === "gradient" && (
        <PanelBlock title="Gradient">
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField
              label="Start Color"
              value={design.gradient_start}
              error={editor.errors.gradient_start}
              onChange={(gradient_start) => update({ gradient_start })}
            />
            <ColorField
              label="End Color"
              value={design.gradient_end}
              error={editor.errors.gradient_end}
              onChange={(gradient_end) => update({ gradient_end })}
            />
          </div>
          <SliderField
            label="Angle"
            min={0}
            max={360}
            step={1}
            value={design.gradient_angle}
            format={degrees}
            onChange={(gradient_angle) => update({ gradient_angle })}
          />
        </PanelBlock>
      )}

      {design.wallpaper_type === "pattern" && <PatternFields editor={editor} />}
      {design.wallpaper_type === "image" && <ImageFields editor={editor} />}
    </div>
  );
}
