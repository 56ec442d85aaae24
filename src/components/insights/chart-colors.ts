export const VIEWS_COLOR = "#6366f1";
export const CLICKS_COLOR = "#10b981";

/** Device pie colours cycle through three. */
export const DEVICE_COLORS = ["#6366f1", "#10b981", "#f59e0b"] as const;

export function deviceColor(index: number): string {
  return DEVICE_COLORS[index % DEVICE_COLORS.length] ?? DEVICE_COLORS[0];
}
