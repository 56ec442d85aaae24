import { TestimonialCarousel } from "./testimonial-carousel";
import { testimonials } from "./testimonials";

/** Customer quotes, one at a time, stepped through with the arrows. */
export function Testimonial() {
  return (
    <section aria-labelledby="testimonial-title" className="bg-forest py-20 text-white lg:py-28">
      <div className="mx-auto max-w-4xl px-5 sm:px-8">
        <h2 id="testimonial-title" className="text-sm font-semibold tracking-widest text-lime uppercase">
          Loved by creators
        </h2>
        <TestimonialCarousel quotes={testimonials} />
      </div>
    </section>
  );
}
