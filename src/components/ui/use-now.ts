"use client";

import { useEffect, useState } from "react";

/** The current time, renewed every `everyMs`, so what depends on it (a schedule's badge) changes on screen. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
