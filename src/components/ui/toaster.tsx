"use client";

import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";

const MAX_VISIBLE_TOASTS = 20;

/** Top-right toasts, green success and red error, at most 20; 4 s unless a toast sets its own (docs/product/ui-conventions.md#toasts). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: 4000,
        success: { style: { background: "#16a34a", color: "#fff" }, iconTheme: { primary: "#fff", secondary: "#16a34a" } },
        error: { style: { background: "#dc2626", color: "#fff" }, iconTheme: { primary: "#fff", secondary: "#dc2626" } },
      }}
    />
  );
}
