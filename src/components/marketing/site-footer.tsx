import { Logo } from "@/components/ui/logo";

const columns = [
  { title: "Company", links: ["The Linkbio Blog", "Engineering Blog", "Marketplace", "What's New", "About", "Press", "Careers"] },
  { title: "Community", links: ["Linkbio for Enterprise", "Creator Report", "Charities", "Creator Profile Directory", "Explore Templates"] },
  { title: "Support", links: ["Help Topics", "Getting Started", "Linkbio Pro", "Features & How-Tos", "FAQs", "Report a Violation"] },
  { title: "Trust and Legal", links: ["Terms & Conditions", "Privacy Notice", "Cookie Notice", "Trust Center", "Transparency Report"] },
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
                {column.links.map((link) => (
                  <li key={link}>
                    {/* The footer's links are placeholders with no destination yet. */}
                    {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
                    <a href="#" className="rounded transition hover:text-lime focus-visible:outline-lime">
                      {link}
                    </a>
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
