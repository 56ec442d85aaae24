export interface MenuAction {
  label: string;
  onSelect: () => void;
  tone?: "danger";
}

export const MENU_BUTTON_CLASS = "rounded-lg p-2 text-gray-500 transition hover:bg-gray-100 hover:text-gray-800";

/** The row menu button's three dots, the same on the stand-in and on Radix's trigger. */
export function MenuDots() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <circle cx="12" cy="5" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="12" cy="19" r="1.8" />
    </svg>
  );
}
