"use client";

import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { TOAST_OPTIONS } from "./toast-options";

const MAX_VISIBLE_TOASTS = 20;

/** Top-right toasts: green success, red error, each type with its own duration. */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return <Toaster position="top-right" toastOptions={TOAST_OPTIONS} />;
}
