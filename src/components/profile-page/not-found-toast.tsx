"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import toast from "react-hot-toast";

export function NotFoundToast() {
  const slug = decodeURIComponent(usePathname().split("/").filter(Boolean).pop() ?? "");
  useEffect(() => {
    toast.error(`Profile "${slug}" not found`, { id: `not-found-${slug}` });
  }, [slug]);
  return null;
}
