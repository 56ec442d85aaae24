import { DropdownMenu } from "radix-ui";
import { useLayoutEffect, useRef, type ComponentProps, type KeyboardEvent } from "react";
import { ProfilesMenu } from "./profiles-menu";
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
  menu: ComponentProps<typeof ProfilesMenu>;
}

/** Radix's dropdown with the switcher's trigger and menu, loaded the first time the switcher is pointed at, focused or pressed. */
export function SwitcherMenu({ open, onOpenChange, current, reloading, onTriggerKeyDown, focusTrigger, menu }: SwitcherMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(focusTrigger && !open);
  useLayoutEffect(() => {
    if (focusOnMount.current) triggerRef.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <SwitcherTrigger ref={triggerRef} current={current} reloading={reloading} onKeyDown={onTriggerKeyDown} />
      <ProfilesMenu {...menu} />
    </DropdownMenu.Root>
  );
}
