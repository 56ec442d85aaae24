"use client";

import { ChoiceGroup } from "./controls/choice-group";
import { PanelBlock } from "@/components/ui/panel-block";
import { SwitchField } from "@/components/ui/switch-field";
import { ANIMATION_SPEED_CHOICES, optionChoices } from "./choices";
import type { DesignEditor } from "./use-design-editor";

const ANIMATION_CHOICES = optionChoices("animation_type");
const HOVER_CHOICES = optionChoices("hover_effect");

/** How links appear, how fast, what they do on hover and on click. */
export function AnimationsSection({ editor }: { editor: DesignEditor }) {
  const { design } = editor.draft;
  const update = editor.updateDesign;
  return (
    <div className="grid gap-5">
      <PanelBlock title="Animations" description="The preview replays the page load animation when you change it.">
        <ChoiceGroup
          label="Page Load Animation"
          choices={ANIMATION_CHOICES}
          value={design.animation_type}
          columns={4}
          onChange={(animation_type) => update({ animation_type })}
        />
        <ChoiceGroup
          label="Animation Speed"
          choices={ANIMATION_SPEED_CHOICES}
          value={design.animation_speed}
          onChange={(animation_speed) => update({ animation_speed })}
        />
        <ChoiceGroup
          label="Button Hover Effect"
          choices={HOVER_CHOICES}
          value={design.hover_effect}
          columns={4}
          onChange={(hover_effect) => update({ hover_effect })}
        />
        <SwitchField
          label="Click Animation"
          description="Buttons shrink slightly when pressed."
          checked={design.click_animation}
          onChange={(click_animation) => update({ click_animation })}
        />
      </PanelBlock>
    </div>
  );
}
