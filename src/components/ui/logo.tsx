import Link from "next/link";

/** The Linkbio wordmark: a rounded tile with two joined links and the name. */
export function Logo({ tone = "dark", className = "" }: { tone?: "dark" | "light"; className?: string }) {
  const text = tone === "dark" ? "text-gray-950" : "text-white";
  return (
    <Link href="/" prefetch={false} className={`inline-flex items-center gap-2 rounded-lg ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <path
          d="M13.5 18.5a4 4 0 0 0 5.6 0l3.1-3.1a4 4 0 0 0-5.6-5.6l-1 1M18.5 13.5a4 4 0 0 0-5.6 0l-3.1 3.1a4 4 0 0 0 5.6 5.6l1-1"
          fill="none"
          stroke="#d2e823"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span className={`text-xl font-bold tracking-tight ${text}`}>Linkbio</span>
    </Link>
  );
}
