const SITE_HOST_FALLBACK = "linkbio.app";

/** The site's host for pages without React on the client: StaticPageScript fills in the real host. */
export function StaticSiteHost({ className }: { className?: string }) {
  return (
    <span data-site-host className={className}>
      {SITE_HOST_FALLBACK}/
    </span>
  );
}
