import type { FaqItem } from "./faq-items";
import { Icon } from "./icon";

/** Accordion in which at most one answer is open: <details> sharing a name, so it needs no script. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <ul className="divide-y divide-gray-200 border-y border-gray-200">
      {items.map((item) => (
        <li key={item.question}>
          <details name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-5 text-left text-lg font-semibold text-gray-950 transition hover:text-brand-600 sm:text-xl [&::-webkit-details-marker]:hidden">
              <h3>{item.question}</h3>
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-700 transition group-open:rotate-45 group-open:bg-brand-600 group-open:text-white group-not-open:group-hover:bg-brand-100 motion-reduce:transition-none">
                <Icon name="plus" className="h-5 w-5" />
              </span>
            </summary>
            <p className="max-w-3xl pr-12 pb-6 leading-relaxed text-gray-600">{item.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
