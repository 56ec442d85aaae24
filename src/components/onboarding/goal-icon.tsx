import type { USER_GOALS } from "@/lib/schemas/profile";

const PATHS: Record<(typeof USER_GOALS)[number], string> = {
  // sparkles
  creator:
    "M9.8 4.6 11 8.4l3.8 1.2L11 10.8 9.8 14.6 8.6 10.8 4.8 9.6l3.8-1.2ZM17 13l.7 2.3L20 16l-2.3.7L17 19l-.7-2.3L14 16l2.3-.7ZM17.5 3l.5 1.5 1.5.5-1.5.5-.5 1.5-.5-1.5L15.5 5l1.5-.5Z",
  // briefcase
  business:
    "M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M4.5 7h15A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-9A1.5 1.5 0 0 1 4.5 7ZM3 12.5h18",
  // person
  personal: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20a7.5 7.5 0 0 1 15 0",
};

export function GoalIcon({ goal }: { goal: keyof typeof PATHS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[goal]} />
    </svg>
  );
}
