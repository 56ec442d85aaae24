import { SITE_HOST_FALLBACK } from "./site-host";

/** SiteHost for pages without React on the client: StaticPageScript fills in the real host. */
export function StaticSiteHost({ className }: { className?: string }) {
  return (
    <span data-site-host className={className}>
      {SITE_HOST_FALLBACK}/
    </span>
  );
}
