import { AnalyticsVisual } from "./analytics-visual";
import { ClaimBanner } from "./claim-banner";
import { CustomizeVisual } from "./customize-visual";
import { ExamplePagesStrip } from "./example-pages-strip";
import { Faq } from "./faq";
import { FeatureCards } from "./feature-cards";
import { FeatureSection } from "./feature-section";
import { Hero } from "./hero";
import { LogoCarousel } from "./logo-carousel";
import { ShareVisual } from "./share-visual";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Testimonial } from "./testimonial";

/** The landing page's whole body; it renders without React on the client (src/pages/index.tsx). */
export function LandingPage() {
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
