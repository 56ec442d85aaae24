import type { CSSProperties, ReactNode } from "react";

// Keyframes live here because the page may not touch the global stylesheet;
// React hoists this <style> into <head> once, however many marquees render.
const css = `
.lb-marquee{overflow:hidden;-webkit-mask-image:linear-gradient(90deg,transparent,#000 6%,#000 94%,transparent);mask-image:linear-gradient(90deg,transparent,#000 6%,#000 94%,transparent)}
.lb-marquee__track{display:flex;width:max-content;animation:lb-marquee var(--lb-marquee-duration,40s) linear infinite}
.lb-marquee__track[data-reverse]{animation-direction:reverse}
.lb-marquee:hover .lb-marquee__track,.lb-marquee:focus-within .lb-marquee__track{animation-play-state:paused}
@keyframes lb-marquee{from{transform:translateX(0)}to{transform:translateX(-50%)}}
@media (prefers-reduced-motion:reduce){
.lb-marquee{overflow-x:auto;-webkit-mask-image:none;mask-image:none}
.lb-marquee__track{animation:none}
.lb-marquee__clone{display:none}
}`;

type MarqueeProps = {
  /** Accessible name of the scrolling region. */
  label: string;
  /** Seconds for one full loop. */
  duration?: number;
  reverse?: boolean;
  /** Classes for each list of items (gap goes here as padding-right too, so the loop is seamless). */
  listClassName: string;
  /** The <li> items; rendered twice, the copy hidden from assistive tech. */
  children: ReactNode;
};

/**
 * Endless horizontal scroller. Pauses on hover and focus; with reduced motion it is a plain
 * horizontally scrollable row.
 */
export function Marquee({ label, duration = 40, reverse = false, listClassName, children }: MarqueeProps) {
  const style = { "--lb-marquee-duration": `${duration}s` } as CSSProperties;
  return (
    // A scrollable region takes focus so keyboard users can scroll it and pause the animation.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className="lb-marquee rounded-lg" style={style}>
      <style href="lb-marquee" precedence="default">
        {css}
      </style>
      <div className="lb-marquee__track" data-reverse={reverse ? "" : undefined}>
        <ul role="list" className={`flex shrink-0 ${listClassName}`}>
          {children}
        </ul>
        <ul role="list" aria-hidden="true" className={`lb-marquee__clone flex shrink-0 ${listClassName}`}>
          {children}
        </ul>
      </div>
    </div>
  );
}
