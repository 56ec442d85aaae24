"use client";

import { useEffect, useState, type CSSProperties } from "react";

/** Confetti for 3 seconds with 50 pieces. */
const PIECES = 50;
const DURATION_MS = 3000;
const COLORS = ["#6366f1", "#ec4899", "#f59e0b", "#10b981", "#0ea5e9", "#d2e823"];

/** Deterministic scatter (no Math.random) so server and client render the same pieces. */
function fraction(index: number, salt: number): number {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

const pieces = Array.from({ length: PIECES }, (_, i) => {
  const delay = fraction(i, 1) * 0.8;
  return {
    left: `${(fraction(i, 2) * 100).toFixed(1)}%`,
    width: Math.round(6 + fraction(i, 3) * 6),
    color: COLORS[i % COLORS.length],
    delay: `${delay.toFixed(2)}s`,
    // Every piece has landed by the 3-second mark.
    duration: `${(DURATION_MS / 1000 - delay - fraction(i, 4) * 0.6).toFixed(2)}s`,
    drift: `${Math.round((fraction(i, 5) - 0.5) * 160)}px`,
    spin: `${Math.round(360 + fraction(i, 6) * 720)}deg`,
    round: i % 3 === 0,
  };
});

const keyframes = `@keyframes onboarding-confetti-fall {
  from { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  to { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
}`;

/** A 3-second burst over the page; nothing at all for people who prefer reduced motion. */
export function Confetti() {
  const [running, setRunning] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setRunning(false), DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!running) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 overflow-hidden motion-reduce:hidden">
      <style>{keyframes}</style>
      {pieces.map((piece, index) => (
        <span
          key={index}
          className={`absolute top-0 block ${piece.round ? "rounded-full" : "rounded-[2px]"}`}
          style={
            {
              left: piece.left,
              width: piece.width,
              height: piece.round ? piece.width : Math.round(piece.width * 1.6),
              backgroundColor: piece.color,
              "--drift": piece.drift,
              "--spin": piece.spin,
              animation: `onboarding-confetti-fall ${piece.duration} ${piece.delay} cubic-bezier(0.25, 0.6, 0.5, 1) both`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
