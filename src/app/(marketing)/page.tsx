import type { Metadata } from "next";
import { AnalyticsVisual } from "@/components/marketing/analytics-visual";
import { ClaimBanner } from "@/components/marketing/claim-banner";
import { CustomizeVisual } from "@/components/marketing/customize-visual";
import { ExamplePagesStrip } from "@/components/marketing/example-pages-strip";
import { Faq } from "@/components/marketing/faq";
import { FeatureCards } from "@/components/marketing/feature-cards";
import { FeatureSection } from "@/components/marketing/feature-section";
import { Hero } from "@/components/marketing/hero";
import { LogoCarousel } from "@/components/marketing/logo-carousel";
import { ShareVisual } from "@/components/marketing/share-visual";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";
import { Testimonial } from "@/components/marketing/testimonial";

export const metadata: Metadata = {
  // absolute: the root layout's "%s · Linkbio" template would otherwise repeat the name.
  title: { absolute: "Linkbio — one link for everything you are" },
  description:
    "Linkbio is the link in bio for 50M+ creators: one page for all your links, designed your way, shared anywhere with a QR code, with analytics on every view and click.",
};

export default function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <LogoCarousel />
        {/* Below the first screen: style, layout and paint wait until the reader scrolls near. */}
        <div className="below-fold">
          <FeatureSection
            id="customize"
            theme="indigo"
            eyebrow="Customize"
            title="Create and customize your Linkbio in minutes"
            description="Connect your TikTok, Instagram, YouTube, music, shop and more in one place. Then make it unmistakably yours and watch every change appear in the live preview."
            points={[
              "Wallpapers, gradients, patterns and images",
              "Button shapes, styles, fonts, colors and animations",
              "Ready-made templates to start from",
            ]}
            visual={<CustomizeVisual />}
          />
          <FeatureSection
            id="share"
            theme="lime"
            eyebrow="Share"
            title="Share your Linkbio anywhere you like"
            description="Add your unique Linkbio to every bio, post, story and email signature — and take it offline with your own QR code on flyers, packaging and business cards."
            points={["One link for every platform", "A QR code ready to download and print", "Custom domains on higher plans"]}
            visual={<ShareVisual />}
            reverse
          />
          <FeatureSection
            id="analyze"
            theme="light"
            eyebrow="Analyze"
            title="Analyze your audience and keep them engaged"
            description="See how many people visit, which links they tap and where they come from. Learn what works and shape your page around it."
            points={["Views, clicks and click rate over time", "Top links, devices and locations", "Last 7, 30 or 90 days at a glance"]}
            visual={<AnalyticsVisual />}
          />
          <ExamplePagesStrip />
          <FeatureCards />
          <Testimonial />
          <Faq />
          <ClaimBanner />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
