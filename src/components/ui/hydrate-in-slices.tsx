import { Activity, type ReactNode } from "react";
import { HydrationSignal } from "@/components/hydration-signal";

/**
 * A screen's body in a visible Activity boundary: the server's HTML holds it inline (a Suspense boundary this
 * large would be sent apart and revealed by a script, later than the first paint), and React hydrates it after
 * the shell, in slices the browser can paint and answer input between, instead of in one long task. Its
 * HydrationSignal tells the document's loader when the body is live, so input held until then is replayed.
 */
export function HydrateInSlices({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      {children}
      <HydrationSignal />
    </Activity>
  );
}
