"use client";

import { useId, useState } from "react";
import type { FaqItem } from "./faq-items";
import { Icon } from "./icon";

/** Accordion in which at most one answer is open; pressing the open question closes it. */
export function FaqList({ items }: { items: FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <ul className="divide-y divide-gray-200 border-y border-gray-200">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <li key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="group flex w-full items-center justify-between gap-6 py-5 text-left text-lg font-semibold text-gray-950 transition hover:text-brand-600 sm:text-xl"
              >
                {item.question}
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full transition ${open ? "rotate-45 bg-brand-600 text-white" : "bg-gray-100 text-gray-700 group-hover:bg-brand-100"} motion-reduce:transition-none`}
                >
                  <Icon name="plus" className="h-5 w-5" />
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={`grid transition-[grid-template-rows,visibility] duration-300 ease-out motion-reduce:transition-none ${open ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]"}`}
            >
              <div className="overflow-hidden">
                <p className="max-w-3xl pr-12 pb-6 leading-relaxed text-gray-600">{item.answer}</p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
