import type { KeyboardEvent, PointerEvent, Ref } from "react";
import type { MenuFocus } from "./profiles-menu";
import { SWITCHER_BUTTON_CLASS, SwitcherFace } from "./switcher-face";
import type { ShellProfile } from "./types";

const OPENING_KEYS: Record<string, MenuFocus> = { Enter: "checked", " ": "checked", ArrowDown: "checked", ArrowUp: "last" };

/**
 * The switcher's button until Radix's menu is needed: it looks and is named the same, asks for the menu's
 * script when pointed at or focused, and opens the menu as Radix's trigger would (press, Enter, Space, arrows).
 */
export function SwitcherStandIn({
  current,
  reloading,
  onIntent,
  onOpen,
  ref,
}: {
  current: ShellProfile | null;
  reloading: boolean;
  onIntent: () => void;
  onOpen: (target: MenuFocus) => void;
  ref: Ref<HTMLButtonElement>;
}) {
  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0 || event.ctrlKey) return;
    // As Radix does: the menu, not the button, takes focus once it opens.
    event.preventDefault();
    onOpen("checked");
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const target = OPENING_KEYS[event.key];
    if (!target) return;
    event.preventDefault();
    onOpen(target);
  }

  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className={SWITCHER_BUTTON_CLASS}
    >
      <SwitcherFace current={current} reloading={reloading} />
    </button>
  );
}
