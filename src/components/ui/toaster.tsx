"use client";

import { useEffect, useSyncExternalStore } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { TOAST_OPTIONS } from "./toast-options";

const MAX_VISIBLE_TOASTS = 20;
const WIDE_SCREEN = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Green success and red error toasts where they cover no primary button: bottom-right on wide
 * screens (Add Link, Share and Copy Link sit at the top right), top-centre over the menu bar on
 * phones (dialogs are bottom sheets with their buttons at the bottom) (docs/product/ui-conventions.md#toasts).
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return (
    <Toaster
      position={wide ? "bottom-right" : "top-center"}
      containerStyle={wide ? { bottom: 24, right: 24 } : { top: 8 }}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
