"use client";

import { DropdownMenu } from "radix-ui";
import { useRef } from "react";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  tone?: "danger";
}

/** A Radix menu button: arrows move, Home/End jump, Escape closes and returns focus. */
export function LinkRowMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  // The chosen action runs once the menu has closed and handed focus back, so a dialog it opens returns focus here.
  const chosen = useRef<MenuAction | null>(null);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} className="rounded-lg p-2 text-gray-500 transition hover:bg-gray-100 hover:text-gray-800">
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
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
