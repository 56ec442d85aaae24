"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders its children once its box comes within 200 px of the viewport, and keeps them from then on:
 * a chart below the fold loads and draws nothing until the reader scrolls towards it. The box keeps
 * its room meanwhile (its class gives it the size).
 */
export function WhenNearView({ children, className }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} className={className}>
      {near ? children : null}
    </div>
  );
}
