"use client";

import { Button } from "@/components/ui/button";
import { FileButton } from "./controls/file-button";
import { PanelBlock } from "@/components/ui/panel-block";
import { SliderField } from "./controls/slider-field";
import { FILE_RULES } from "@/components/ui/read-file";
import type { DesignEditor } from "./use-design-editor";

const pixels = (value: number) => `${value}px`;

/** The background image: upload (switches the wallpaper to image) or remove; blur once one is set. */
export function ImageFields({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const update = editor.updateDesign;
  const image = design.background_image_url;
  return (
    <PanelBlock title="Background Image">
      {image && (
        <div className="flex items-center gap-4">
          <img src={image} alt="Your current background" className="h-24 w-16 shrink-0 rounded-lg object-cover ring-1 ring-gray-200" />
          <Button variant="secondary" onClick={() => update({ background_image_url: null })}>
            Remove Image
          </Button>
        </div>
      )}
      <FileButton
        label={image ? "Replace image" : "Upload image"}
        hint="Image files only, up to 5 MB."
        rule={FILE_RULES.background}
        error={editor.errors.background_image_url}
        onLoad={(dataUrl) => update({ background_image_url: dataUrl, wallpaper_type: "image" })}
      />
      {image && (
        <SliderField
          label="Blur"
          min={0}
          max={20}
          step={1}
          value={design.background_blur}
          format={pixels}
          onChange={(background_blur) => update({ background_blur })}
        />
      )}
    </PanelBlock>
  );
}
