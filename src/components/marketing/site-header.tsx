import Link from "next/link";
import { Logo } from "@/components/ui/logo";

const sections = [
  { href: "/#customize", label: "Customize" },
  { href: "/#share", label: "Share" },
  { href: "/#analyze", label: "Analyze" },
  { href: "/#faq", label: "FAQ" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200/70 bg-white/85 backdrop-blur-md">
      <a
        href="#main"
        className="sr-only rounded-full bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-4 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <Logo />
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1 text-sm font-medium text-gray-600">
            {sections.map((s) => (
              <li key={s.href}>
                <a href={s.href} className="rounded-full px-3 py-2 transition hover:bg-gray-100 hover:text-gray-950">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link
            prefetch={false}
            href="/login"
            className="rounded-full bg-gray-100 px-4 py-2.5 text-sm font-semibold text-gray-900 transition hover:bg-gray-200"
          >
            Log in
          </Link>
          <Link
            prefetch={false}
            href="/register"
            className="rounded-full bg-forest px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-forest/90"
          >
            Sign up free
          </Link>
        </div>
      </div>
    </header>
  );
}
