import { faqItems } from "./faq-items";
import { FaqList } from "./faq-list";

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-white py-20 lg:py-28">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-5 sm:px-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="faq-title" className="text-4xl font-bold tracking-tight text-gray-950 sm:text-5xl">
            Questions? Answered
          </h2>
          <p className="mt-4 text-lg text-gray-600">Everything you need to know about getting started with Linkbio.</p>
        </div>
        <FaqList items={faqItems} />
      </div>
    </section>
  );
}
