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
 * Green success and red error toasts where they cover no primary button: top-right below the pages'
 * title bars (whose actions sit at the top right) on wide screens, bottom-centre under the thumb on
 * phones, where the top holds the menu button and the title bar's actions
 * (docs/product/ui-conventions.md#toasts).
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
      position={wide ? "top-right" : "bottom-center"}
      containerStyle={wide ? { top: 104 } : { bottom: 24 }}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
