import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False during server rendering and until React has taken over the page in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
