"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";

/** A warning when visitors cannot open the page's address (a loopback address, or APP_URL unset); nothing otherwise. */
export function AddressNotice({ className = "" }: { className?: string }) {
  const trpc = useTRPC();
  const notice = useQuery(trpc.share.addressNotice.queryOptions()).data?.notice;
  if (!notice) return null;
  return (
    <div
      role="note"
      aria-label="Unreachable address"
      className={`rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className}`}
    >
      {notice}
    </div>
  );
}
