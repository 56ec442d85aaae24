import type { DefaultToastOptions } from "react-hot-toast";

/**
 * Durations per type: success 2 s, error 4 s, others 4 s, loading until dismissed. Each type names its
 * own, because react-hot-toast lets a top-level duration override its per-type defaults.
 */
export const TOAST_OPTIONS = {
  duration: 4000,
  success: {
    duration: 2000,
    style: { background: "#15803d", color: "#fff" },
    iconTheme: { primary: "#fff", secondary: "#15803d" },
  },
  error: {
    duration: 4000,
    style: { background: "#dc2626", color: "#fff" },
    iconTheme: { primary: "#fff", secondary: "#dc2626" },
  },
  loading: { duration: Infinity },
} satisfies DefaultToastOptions;
