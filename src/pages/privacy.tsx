import { MarketingHead } from "@/components/marketing/marketing-head";
import { PrivacyNotice } from "@/components/marketing/privacy-notice";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";

// Plain HTML and CSS, like the landing page (docs/public-page.md#marketing-pages).
export const config = { unstable_runtimeJS: false };

export default function Privacy() {
  return (
    <>
      <MarketingHead
        title="Privacy Notice · Linkbio"
        description="What Linkbio stores about visitors and creators: cookie-less analytics, no IP addresses kept, a visitor hash that changes every day."
      />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <PrivacyNotice />
      </main>
      <SiteFooter />
    </>
  );
}
