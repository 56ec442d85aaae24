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
          <Icon name="quote" className="h-10 w-10 text-lime" />
          <blockquote className="mt-5 text-2xl font-semibold leading-snug text-balance sm:text-4xl sm:leading-tight">
            <p>
              “Linkbio keeps everything I do in one place. My followers find my shop, my podcast and my newsletter
              from one link — and the QR code on my market stall doubled my email sign-ups.”
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
