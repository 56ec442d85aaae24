import type { ReactNode } from "react";
import { pagePath } from "@/lib/share/page-path";

/** Opens a profile's public page in a new tab that gets neither this window nor a referrer. */
export function PublicPageLink({ slug, className, children }: { slug: string; className?: string; children: ReactNode }) {
  return (
    <a href={pagePath(slug)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
