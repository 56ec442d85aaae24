"use client";

import { DropdownMenu } from "radix-ui";
import { useRef } from "react";
import { useTriggerHandOver, type MenuHandOver } from "@/components/ui/menu-on-demand";
import { MENU_BUTTON_CLASS, MenuDots, type MenuAction } from "./link-row-menu-face";

export interface LinkRowRadixMenuProps {
  label: string;
  actions: MenuAction[];
  handOver: MenuHandOver;
}

/** A Radix menu button: arrows move, Home/End jump, Escape closes and returns focus. */
export function LinkRowRadixMenu({ label, actions, handOver }: LinkRowRadixMenuProps) {
  // The chosen action runs once the menu has closed and handed focus back, so a dialog it opens returns focus here.
  const chosen = useRef<MenuAction | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTriggerHandOver(handOver, triggerRef);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label={label} className={MENU_BUTTON_CLASS}>
        <MenuDots />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align="end"
          sideOffset={4}
          loop
          onCloseAutoFocus={() => {
            const action = chosen.current;
            chosen.current = null;
            action?.onSelect();
          }}
          className="z-40 w-40 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={() => {
                chosen.current = action;
              }}
              className={`block w-full cursor-default px-4 py-2 text-left text-sm outline-none hover:bg-gray-50 data-highlighted:bg-gray-100 ${
                action.tone === "danger" ? "text-red-600" : "text-gray-800"
              }`}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
