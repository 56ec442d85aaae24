import Link from "next/link";
import { LogoMark } from "./logo-mark";

/** The Linkbio wordmark: a rounded tile with two joined links and the name. */
export function Logo({ tone = "dark", className = "" }: { tone?: "dark" | "light"; className?: string }) {
  const text = tone === "dark" ? "text-gray-950" : "text-white";
  return (
    <Link href="/" prefetch={false} className={`inline-flex items-center gap-2 rounded-lg ${className}`}>
      <LogoMark className="h-8 w-8 shrink-0" />
      <span className={`text-xl font-bold tracking-tight ${text}`}>Linkbio</span>
    </Link>
  );
}
