import { Icon } from "./icon";
import type { TestimonialQuote } from "./testimonials";

const navButton =
  "flex h-12 w-12 items-center justify-center rounded-full border-2 border-lime/60 text-lime transition hover:bg-lime hover:text-forest focus-visible:outline-lime";

/** One quote at a time; the arrows step through them and wrap around at either end (StaticPageScript steps them). */
export function TestimonialCarousel({ quotes }: { quotes: TestimonialQuote[] }) {
  return (
    <div data-carousel className="mt-6">
      <svg viewBox="0 0 32 24" className="h-8 w-10 fill-lime" aria-hidden="true" focusable="false">
        <path d="M0 24V14C0 6.5 4 1.5 12 0l1.2 3.2C8.6 4.6 6.4 7.6 6.2 12H12v12H0zm18 0V14c0-7.5 4-12.5 12-14l1.2 3.2c-4.6 1.4-6.8 4.4-7 8.8H30v12H18z" />
      </svg>
      <div aria-live="polite" aria-atomic="true">
        {quotes.map((quote, index) => (
          <figure key={quote.name} data-slide hidden={index > 0}>
            <blockquote className="mt-5 min-h-[9em] text-2xl leading-snug font-semibold text-balance sm:min-h-[6.5em] sm:text-4xl sm:leading-tight">
              <p>{quote.quote}</p>
            </blockquote>
            <figcaption className="mt-10 flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex h-14 w-14 items-center justify-center rounded-full bg-lime text-lg font-bold text-forest"
              >
                {quote.initials}
              </span>
              <span>
                <span className="block font-semibold">{quote.name}</span>
                <span className="block text-sm text-white/80">{quote.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="mt-8 flex items-center justify-between gap-6">
        <p data-carousel-position className="text-sm text-white/80">
          1 of {quotes.length}
        </p>
        <div className="flex gap-3">
          <button type="button" data-carousel-step="-1" aria-label="Previous testimonial" className={navButton}>
            <Icon name="chevron-left" />
          </button>
          <button type="button" data-carousel-step="1" aria-label="Next testimonial" className={navButton}>
            <Icon name="chevron-right" />
          </button>
        </div>
      </div>
    </div>
  );
}
