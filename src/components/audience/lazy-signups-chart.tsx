"use client";

import dynamic from "next/dynamic";

/** The chart's code (recharts) loads after the screen, so the screen's first load stays small. */
export const LazySignupsChart = dynamic(() => import("./signups-chart"), {
  ssr: false,
  loading: () => <div className="h-40" aria-hidden />,
});
