import Link from "next/link";
import { Logo } from "@/components/ui/logo";

/** An entry links only where a page exists; the rest are plain text rather than dead `#` links. */
interface FooterEntry {
  label: string;
  href?: string;
}

const columns: { title: string; entries: FooterEntry[] }[] = [
  {
    title: "Company",
    entries: [
      { label: "The Linkbio Blog" },
      { label: "Engineering Blog" },
      { label: "Marketplace" },
      { label: "What's New" },
      { label: "About" },
      { label: "Press" },
      { label: "Careers" },
    ],
  },
  {
    title: "Community",
    entries: [
      { label: "Linkbio for Enterprise" },
      { label: "Creator Report" },
      { label: "Charities" },
      { label: "Creator Profile Directory" },
      { label: "Explore Templates" },
    ],
  },
  {
    title: "Support",
    entries: [
      { label: "Help", href: "/help" },
      { label: "Getting Started", href: "/register" },
      { label: "Pricing", href: "/pricing" },
      { label: "API Reference", href: "/docs/api" },
      { label: "FAQs", href: "/#faq" },
      { label: "Report a Violation" },
    ],
  },
  {
    title: "Trust and Legal",
    entries: [
      { label: "Terms & Conditions" },
      { label: "Privacy Notice", href: "/privacy" },
      { label: "Cookie Notice", href: "/privacy#cookies" },
      { label: "Trust Center" },
      { label: "Transparency Report" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
          {columns.map((column) => {
            const headingId = `footer-${column.title.replace(/\W+/g, "-").toLowerCase()}`;
            return (
              <nav key={column.title} aria-labelledby={headingId}>
                <h2 id={headingId} className="text-base font-semibold text-white">
                  {column.title}
                </h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {column.entries.map((entry) => (
                    <li key={entry.label}>
                      {entry.href ? (
                        <Link
                          href={entry.href}
                          prefetch={false}
                          className="rounded font-medium text-white underline-offset-4 transition hover:text-lime hover:underline focus-visible:outline-lime"
                        >
                          {entry.label}
                        </Link>
                      ) : (
                        <span className="text-gray-400">{entry.label}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
        </div>
        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <Logo tone="light" className="focus-visible:outline-lime" />
          <p className="text-sm text-gray-400">© {new Date().getFullYear()} Linkbio. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
