import type { Metadata } from "next";
import { PrivacyNotice } from "@/components/marketing/privacy-notice";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";

export const metadata: Metadata = {
  title: "Privacy Notice",
  description:
    "What Linkbio stores about visitors and creators: cookie-less analytics, no IP addresses kept, a visitor hash that changes every day.",
};

export default function PrivacyPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <PrivacyNotice />
      </main>
      <SiteFooter />
    </>
  );
}
