import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, type ComponentProps, type KeyboardEvent } from "react";
import { ProfilesMenu, type MenuFocus } from "./profiles-menu";
import { SwitcherTrigger } from "./switcher-trigger";
import type { ShellProfile } from "./types";

export interface SwitcherMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: ShellProfile | null;
  reloading: boolean;
  onTriggerKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** The stand-in it replaces had focus: the real trigger takes it over. */
  focusTrigger: boolean;
  /** The stand-in was pressed (or opened from the keyboard) before this loaded: the same opening, replayed on the trigger. */
  replayOpening: MenuFocus | null;
  menu: ComponentProps<typeof ProfilesMenu>;
}

/** Radix's dropdown with the switcher's trigger and menu, loaded the first time the switcher is pointed at, focused or pressed. */
export function SwitcherMenu({
  open,
  onOpenChange,
  current,
  reloading,
  onTriggerKeyDown,
  focusTrigger,
  replayOpening,
  menu,
}: SwitcherMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const handOver = useRef({ focusTrigger, replayOpening });
  useEffect(() => {
    const trigger = triggerRef.current;
    const { focusTrigger: focus, replayOpening: opening } = handOver.current;
    if (!trigger || (!focus && !opening)) return;
    trigger.focus();
    // A key Radix's trigger opens on, so the menu opens (and takes focus) exactly as from a real press.
    if (opening)
      trigger.dispatchEvent(
        new KeyboardEvent("keydown", { key: opening === "last" ? "ArrowUp" : "Enter", bubbles: true, cancelable: true }),
      );
  }, []);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <SwitcherTrigger ref={triggerRef} current={current} reloading={reloading} onKeyDown={onTriggerKeyDown} />
      <ProfilesMenu {...menu} />
    </DropdownMenu.Root>
  );
}
