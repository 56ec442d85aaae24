"use client";

import { useSyncExternalStore } from "react";

export const SITE_HOST_FALLBACK = "linkbio.app";

const subscribe = () => () => {};
const getHost = () => window.location.host || SITE_HOST_FALLBACK;
const getServerHost = () => SITE_HOST_FALLBACK;

/** Prints the address this site is served from, e.g. "linkbio.app/". */
export function SiteHost({ className }: { className?: string }) {
  const host = useSyncExternalStore(subscribe, getHost, getServerHost);
  return <span className={className}>{host}/</span>;
}
