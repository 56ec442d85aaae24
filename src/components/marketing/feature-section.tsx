import Link from "next/link";
import type { ReactNode } from "react";
import { Icon } from "./icon";

const themes = {
  indigo: {
    section: "bg-brand-600 text-white",
    eyebrow: "text-lime",
    body: "text-white/85",
    cta: "bg-lime text-forest hover:bg-white focus-visible:outline-white",
  },
  lime: {
    section: "bg-lime text-forest",
    eyebrow: "text-forest",
    body: "text-forest/85",
    cta: "bg-forest text-white hover:bg-forest/90 focus-visible:outline-forest",
  },
  light: {
    section: "bg-brand-50 text-gray-950",
    eyebrow: "text-brand-600",
    body: "text-gray-600",
    cta: "bg-brand-600 text-white hover:bg-brand-700",
  },
} as const;

type FeatureSectionProps = {
  id: string;
  theme: keyof typeof themes;
  eyebrow: string;
  title: string;
  description: string;
  points: string[];
  visual: ReactNode;
  /** Put the visual on the left at wide widths. */
  reverse?: boolean;
};

/** A full-width band with copy on one side and an illustration on the other. */
export function FeatureSection({ id, theme, eyebrow, title, description, points, visual, reverse }: FeatureSectionProps) {
  const t = themes[theme];
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-16 ${t.section}`}>
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 py-20 sm:px-8 lg:grid-cols-2 lg:gap-20 lg:py-28">
        <div className={reverse ? "lg:order-2" : undefined}>
          <p className={`text-sm font-semibold tracking-widest uppercase ${t.eyebrow}`}>{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h2>
          <p className={`mt-5 text-lg leading-relaxed ${t.body}`}>{description}</p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0" />
                <span className={t.body}>{point}</span>
              </li>
            ))}
          </ul>
          <Link
            prefetch={false}
            href="/register"
            className={`mt-9 inline-flex items-center gap-2 rounded-full px-6 py-3.5 font-semibold transition ${t.cta}`}
          >
            Get started for free
            <Icon name="arrow-right" className="h-4 w-4" />
          </Link>
        </div>
        <div className={reverse ? "lg:order-1" : undefined}>{visual}</div>
      </div>
    </section>
  );
}
