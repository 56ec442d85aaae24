"use client";

import { useAppHost } from "@/components/app-origin";

/** Prints the host of the server's public origin, e.g. "linkbio.app/". */
export function SiteHost({ className }: { className?: string }) {
  return <span className={className}>{useAppHost()}/</span>;
}
