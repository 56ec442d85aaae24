import { DropdownMenu } from "radix-ui";
import { useRef, type ComponentProps, type KeyboardEvent } from "react";
import { useTriggerHandOver, type MenuHandOver } from "@/components/ui/menu-on-demand";
import { ProfilesMenu } from "./profiles-menu";
import { SwitcherTrigger } from "./switcher-trigger";
import type { ShellProfile } from "./types";

export interface SwitcherMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: ShellProfile | null;
  reloading: boolean;
  onTriggerKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  handOver: MenuHandOver;
  menu: ComponentProps<typeof ProfilesMenu>;
}

/** Radix's dropdown with the switcher's trigger and menu, loaded the first time the switcher is pointed at, focused or pressed. */
export function SwitcherMenu({ open, onOpenChange, current, reloading, onTriggerKeyDown, handOver, menu }: SwitcherMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A replayed ArrowUp reaches onTriggerKeyDown, which opens the menu at its last item.
  useTriggerHandOver(handOver, triggerRef);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <SwitcherTrigger ref={triggerRef} current={current} reloading={reloading} onKeyDown={onTriggerKeyDown} />
      <ProfilesMenu {...menu} />
    </DropdownMenu.Root>
  );
}
