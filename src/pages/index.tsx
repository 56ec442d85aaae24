import { LandingPage } from "@/components/marketing/landing-page";
import { MarketingHead } from "@/components/marketing/marketing-head";
import { StaticPageScript } from "@/components/marketing/static-page-script";

// Plain HTML and CSS: without Next's client runtime (about 140 KB of script) nothing competes with
// the first paint on a slow phone (docs/public-page.md#marketing-pages).
export const config = { unstable_runtimeJS: false };

export default function Landing() {
  return (
    <>
      <MarketingHead
        title="Linkbio — one link for everything you are"
        description="Linkbio is the link in bio for 50M+ creators: one page for all your links, designed your way, shared anywhere with a QR code, with analytics on every view and click."
      />
      <LandingPage />
      <StaticPageScript />
    </>
  );
}
