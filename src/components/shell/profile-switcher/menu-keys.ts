import type { KeyboardEvent } from "react";

const ITEMS = "[role='menuitem'],[role='menuitemradio']";
const DELETE = "[data-menu-delete]";
const ROW = "[data-menu-row]";
const CHOICE = "[role='menuitemradio']";

/** The menu's items in order; `rowStarts` leaves out the delete buttons, which sit at the end of a row. */
function itemsOf(menu: HTMLElement) {
  const items = Array.from(menu.querySelectorAll<HTMLElement>(ITEMS));
  return { items, rowStarts: items.filter((item) => !item.matches(DELETE)) };
}

/** The current profile's item, else the first item: where focus lands when the menu opens. */
export function focusCheckedItem(menu: HTMLElement | null): boolean {
  if (!menu) return false;
  const { items } = itemsOf(menu);
  const item = items.find((candidate) => candidate.getAttribute("aria-checked") === "true") ?? items[0];
  item?.focus();
  return item !== undefined;
}

export function focusLastItem(menu: HTMLElement | null): boolean {
  const item = menu ? itemsOf(menu).items.at(-1) : undefined;
  item?.focus();
  return item !== undefined;
}

/**
 * Up and down walk the rows (the choice, not its delete button), wrapping; left and right cross a row;
 * Home and End jump. Handled before Radix's own roving focus, which would stop on every delete button.
 */
export function onMenuKeyDownCapture(event: KeyboardEvent<HTMLElement>) {
  const menu = event.currentTarget;
  const { items, rowStarts } = itemsOf(menu);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const row = active?.closest<HTMLElement>(ROW) ?? null;
  const rowStart = row?.querySelector<HTMLElement>(CHOICE) ?? active;
  const index = rowStart ? rowStarts.indexOf(rowStart) : -1;
  const count = rowStarts.length;
  const targets: Record<string, HTMLElement | null | undefined> = {
    ArrowDown: rowStarts[index < 0 ? 0 : (index + 1) % count],
    ArrowUp: rowStarts[index < 0 ? count - 1 : (index - 1 + count) % count],
    ArrowRight: row?.querySelector<HTMLElement>(DELETE),
    ArrowLeft: row?.querySelector<HTMLElement>(CHOICE),
    Home: items[0],
    End: items.at(-1),
  };
  if (!(event.key in targets)) return;
  event.preventDefault();
  event.stopPropagation();
  targets[event.key]?.focus();
}
