"use client";

import { useSyncExternalStore } from "react";

const FALLBACK_HOST = "linkbio.app";

const subscribe = () => () => {};
const getHost = () => window.location.host || FALLBACK_HOST;
const getServerHost = () => FALLBACK_HOST;

/** Prints the address this site is served from, e.g. "linkbio.app/". */
export function SiteHost({ className }: { className?: string }) {
  const host = useSyncExternalStore(subscribe, getHost, getServerHost);
  return <span className={className}>{host}/</span>;
}
