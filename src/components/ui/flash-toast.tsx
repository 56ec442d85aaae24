"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import toast from "react-hot-toast";

const KEY = "lb_flash_toast";

/**
 * A success message for the page being navigated to: shown once that page has rendered, so its
 * 2 seconds are not spent while the next page loads.
 */
export function flashSuccess(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    toast.success(message);
  }
}

export function FlashToast() {
  const pathname = usePathname();
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (message) toast.success(message, { id: message });
  }, [pathname]);
  return null;
}
