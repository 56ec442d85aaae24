import { DropdownMenu } from "radix-ui";
import type { KeyboardEvent, Ref } from "react";
import { SWITCHER_BUTTON_CLASS, SwitcherFace } from "./switcher-face";
import type { ShellProfile } from "./types";

/** The switcher's menu button once Radix's menu has loaded: the current profile (or a prompt to create one) and a chevron. */
export function SwitcherTrigger({
  current,
  reloading,
  onKeyDown,
  ref,
}: {
  current: ShellProfile | null;
  reloading: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <DropdownMenu.Trigger ref={ref} onKeyDown={onKeyDown} className={SWITCHER_BUTTON_CLASS}>
      <SwitcherFace current={current} reloading={reloading} />
    </DropdownMenu.Trigger>
  );
}
