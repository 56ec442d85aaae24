import { Icon } from "./icon";

const navButton =
  "flex h-12 w-12 items-center justify-center rounded-full border-2 border-lime/60 text-lime transition hover:bg-lime hover:text-forest focus-visible:outline-lime";

/** A single customer quote. The arrows are part of the design only and do nothing yet. */
export function Testimonial() {
  return (
    <section aria-labelledby="testimonial-title" className="bg-forest py-20 text-white lg:py-28">
      <div className="mx-auto max-w-4xl px-5 sm:px-8">
        <h2 id="testimonial-title" className="text-sm font-semibold uppercase tracking-widest text-lime">
          Loved by creators
        </h2>
        <figure className="mt-6">
          <svg viewBox="0 0 32 24" className="h-8 w-10 fill-lime" aria-hidden="true" focusable="false">
            <path d="M0 24V14C0 6.5 4 1.5 12 0l1.2 3.2C8.6 4.6 6.4 7.6 6.2 12H12v12H0zm18 0V14c0-7.5 4-12.5 12-14l1.2 3.2c-4.6 1.4-6.8 4.4-7 8.8H30v12H18z" />
          </svg>
          <blockquote className="mt-5 text-2xl font-semibold leading-snug text-balance sm:text-4xl sm:leading-tight">
            <p>
              Linkbio keeps everything I do in one place. My followers find my shop, my podcast and my newsletter
              from one link — and the QR code on my market stall doubled my email sign-ups.
            </p>
          </blockquote>
          <div className="mt-10 flex flex-wrap items-center justify-between gap-6">
            <figcaption className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex h-14 w-14 items-center justify-center rounded-full bg-lime text-lg font-bold text-forest"
              >
                PR
              </span>
              <span>
                <span className="block font-semibold">Priya Raman</span>
                <span className="block text-sm text-white/70">Ceramic artist &amp; shop owner</span>
              </span>
            </figcaption>
            <div className="flex gap-3">
              <button type="button" aria-label="Previous testimonial" className={navButton}>
                <Icon name="chevron-left" />
              </button>
              <button type="button" aria-label="Next testimonial" className={navButton}>
                <Icon name="chevron-right" />
              </button>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
