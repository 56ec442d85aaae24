"use client";

import { useEffect } from "react";

declare global {
  interface Window {
    /** Set by the document's script loader (src/server/threads/scripts-after-paint.ts) where it ran. */
    __linkbioHydrated?: () => void;
  }
}

/** Tells the document's script loader that the part of the page around it is live, so it replays the input it held meanwhile. */
export function HydrationSignal() {
  useEffect(() => window.__linkbioHydrated?.(), []);
  return null;
}
