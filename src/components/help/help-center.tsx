"use client";

import Link from "next/link";
import { useDeferredValue, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { HELP_SECTIONS, searchHelp } from "./help-topics";

/** The Help Center: the topics with links into the app, narrowed as the person types. */
export function HelpCenter() {
  const id = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const sections = searchHelp(deferred);
  const found = sections.reduce((count, section) => count + section.answers.length, 0);
  const searching = deferred.trim() !== "";

  return (
    <div className="grid gap-6">
      <search className="grid gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          Search help
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Try “schedule”, “QR code” or “password”"
          autoComplete="off"
          aria-describedby={`${id}-count`}
          className="w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
        <p id={`${id}-count`} aria-live="polite" className="text-sm text-gray-600">
          {searching ? (found === 1 ? "1 answer found" : `${found} answers found`) : ""}
        </p>
      </search>

      {!searching && (
        <nav aria-label="Help topics" className="flex flex-wrap gap-2">
          {HELP_SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="hover:border-brand-300 rounded-full border border-gray-200 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:text-brand-700"
            >
              {section.title}
            </a>
          ))}
        </nav>
      )}

      {sections.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-2xl border border-gray-200 bg-white p-6 text-gray-700">
          <p>No answers match “{deferred.trim()}”. Try fewer or other words.</p>
          <Button variant="secondary" onClick={() => setQuery("")}>
            Clear search
          </Button>
        </div>
      ) : (
        sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${id}-${section.id}`}
            className="scroll-mt-6 rounded-2xl border border-gray-200 bg-white p-5 sm:p-6"
          >
            <h2 id={`${id}-${section.id}`} className="text-lg font-bold text-gray-900">
              {section.title}
            </h2>
            <div className="mt-3 grid gap-5">
              {section.answers.map((answer) => (
                <article key={answer.question}>
                  <h3 className="font-semibold text-gray-900">{answer.question}</h3>
                  <p className="mt-1 text-sm leading-6 text-gray-700">{answer.answer}</p>
                  {answer.links && (
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {answer.links.map((link) =>
                        // The API's own files are not pages of the app: a plain link loads them.
                        link.href.startsWith("/api/") ? (
                          <a key={link.href} href={link.href} className="font-semibold text-brand-700 hover:underline">
                            {link.label} →
                          </a>
                        ) : (
                          <Link key={link.href + link.label} href={link.href} className="font-semibold text-brand-700 hover:underline">
                            {link.label} →
                          </Link>
                        ),
                      )}
                    </p>
                  )}
                </article>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
