import type { CSSProperties, ReactNode } from "react";
import { renderableImageUrl } from "@/lib/asset-url";
import { fontStack } from "@/lib/design/fonts";
import { normalizeDesign } from "@/lib/design/normalize";
import { readableColors, type PageColors } from "@/lib/design/page-colors";
import type { DesignData, PublicLink, PublicProfileData } from "@/lib/public-profile";
import { BRAND_LABELS, type Brand, type IconKey } from "@/lib/brand-icons/brands";
import { detectBrand } from "@/lib/brand-icons/detect";
import { PROVIDERS } from "@/lib/embeds/providers";
import { EmbedFacade } from "./embed-facade";
import { IconSymbols, LinkGlyph } from "./link-icon";
import { SignupBlock } from "./signup-block";
import { wallpaperStyle } from "./wallpaper-style";

/** Bio text runs two pixels under the link text: links 14-20 px, bio 12-18 px. */
const BIO_SIZE_OFFSET = 2;

function designVariables(design: DesignData, colors: PageColors): CSSProperties {
  return {
    "--lb-text": colors.text,
    "--lb-btn": colors.button,
    "--lb-btn-text": colors.buttonText,
    "--lb-btn-end": colors.buttonEnd,
    "--lb-avatar-text": colors.avatarText,
    "--lb-base": colors.base,
    ...(colors.buttonEdge ? { "--lb-btn-edge": colors.buttonEdge } : {}),
    "--lb-font": fontStack(design.font_family),
    "--lb-font-size": `${design.font_size}px`,
    "--lb-bio-size": `${design.font_size - BIO_SIZE_OFFSET}px`,
    "--lb-gap": `${design.link_spacing}px`,
    "--lb-anim-duration": `${design.animation_speed}s`,
  } as CSSProperties;
}

function buttonClasses(design: DesignData): string {
  const classes = [
    `lb-button`,
    `lb-shape-${design.button_style}`,
    `lb-variant-${design.button_variant}`,
    `lb-hover-${design.hover_effect}`,
  ];
  if (design.animation_type !== "none") classes.push(`lb-anim-${design.animation_type}`);
  if (design.click_animation) classes.push("lb-click");
  return classes.join(" ");
}

const clickCount = (clicks: number) => `${clicks.toLocaleString("en-US")} ${clicks === 1 ? "click" : "clicks"}`;

/** An icon-only link is named by its brand ("Instagram"); without one, by the creator's title. */
function socialName(link: { title: string; brand: Brand | null }): string {
  return link.brand ? BRAND_LABELS[link.brand] : link.title;
}

function linkData(link: PublicLink) {
  return { "data-link-id": link.id, "data-title": link.title, ...(link.is_adult ? { "data-adult": "true" } : {}) };
}

/**
 * The one renderer of a profile page: the public page renders it to HTML on the server, the
 * editor and onboarding previews render it in React (through ProfilePreview, which brings the
 * styles). It holds no state, no event handlers and no style imports, so plain Node can render
 * it; the public page's small script adds the dialogs and click tracking. Every value that reaches
 * a style or an address is checked here once more (colours that parse, own images), whatever its source.
 * `children` are the public page's own parts (its link dialogs), placed inside so they wear the design's variables.
 */
export function ProfileView({
  profile,
  mode,
  signupAction,
  children,
}: {
  profile: PublicProfileData;
  mode: "page" | "preview";
  /** Where a sign-up block's form posts (the public page only). */
  signupAction?: string;
  children?: ReactNode;
}) {
  const design = normalizeDesign(profile.design);
  const colors = readableColors(design).colors;
  const avatar = renderableImageUrl(profile.avatar_url);
  const links = profile.links.map((link) => ({
    ...link,
    icon_url: renderableImageUrl(link.icon_url),
    thumbnail: renderableImageUrl(link.thumbnail),
    brand: link.link_type === "header" || link.link_type === "signup" ? null : detectBrand(link.href),
  }));
  const heading = profile.display_name || profile.title || `@${profile.slug}`;
  const initial = (profile.display_name || profile.title || profile.slug).charAt(0).toUpperCase();
  const socials = links.filter((link) => link.link_type === "social");
  const items = links.filter((link) => link.link_type !== "social");
  const showFooter = !design.hide_footer && profile.show_branding;
  const fromSprite = mode === "page";
  // A page has one main landmark: in the app's previews the page sits inside the app's own main.
  const Content = mode === "page" ? "main" : "div";
  const glyphs = new Set<IconKey>();
  for (const link of socials) if (!link.icon_url) glyphs.add(link.brand ?? "link");
  for (const link of items) {
    if (link.embed) glyphs.add(PROVIDERS[link.embed.provider].icon);
    else if (link.brand && !link.thumbnail) glyphs.add(link.brand);
  }

  return (
    <div className={colors.buttonEdge ? "lb-page lb-edged" : "lb-page"} data-mode={mode} style={designVariables(design, colors)}>
      <div className="lb-wallpaper" aria-hidden style={wallpaperStyle(design, colors.scrim)} />
      {fromSprite && <IconSymbols icons={[...glyphs]} />}
      <Content className="lb-content">
        {avatar ? (
          <img className="lb-avatar" src={avatar} alt="" width={96} height={96} />
        ) : (
          <div className="lb-avatar" aria-hidden>
            {initial}
          </div>
        )}
        <h1 className="lb-heading">{heading}</h1>
        {profile.bio && <p className="lb-bio">{profile.bio}</p>}
        {socials.length > 0 && (
          <ul className="lb-socials">
            {socials.map((link) => (
              <li key={link.id}>
                <a
                  className={`lb-social lb-variant-${design.button_variant}`}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  referrerPolicy="no-referrer"
                  title={link.title}
                  {...linkData(link)}
                >
                  {link.icon_url ? (
                    <img src={link.icon_url} alt={socialName(link)} />
                  ) : (
                    <LinkGlyph icon={link.brand ?? "link"} fromSprite={fromSprite} label={socialName(link)} />
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
        {links.length === 0 ? (
          <p className="lb-empty">No links added yet</p>
        ) : (
          <ul className="lb-links">
            {items.map((link, index) =>
              link.link_type === "header" ? (
                <li key={link.id}>
                  <h2 className="lb-header">{link.title}</h2>
                </li>
              ) : link.embed ? (
                <li key={link.id}>
                  <EmbedFacade linkId={link.id} linkTitle={link.title} embed={link.embed} fromSprite={fromSprite} />
                </li>
              ) : link.signup ? (
                <li key={link.id}>
                  <SignupBlock title={link.title} texts={link.signup} action={signupAction} buttonClassName={buttonClasses(design)} />
                </li>
              ) : (
                <li key={link.id}>
                  <a
                    className={buttonClasses(design)}
                    style={design.animation_type !== "none" ? { animationDelay: `${index * 0.1}s` } : undefined}
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    referrerPolicy="no-referrer"
                    {...linkData(link)}
                  >
                    {link.thumbnail ? (
                      <img className="lb-button-thumb" src={link.thumbnail} alt="" />
                    ) : (
                      link.brand && <LinkGlyph icon={link.brand} fromSprite={fromSprite} className="lb-button-icon" />
                    )}
                    {link.title}
                    {link.clicks !== null && <span className="lb-clicks">{clickCount(link.clicks)}</span>}
                  </a>
                </li>
              ),
            )}
          </ul>
        )}
        {showFooter && (
          <footer className="lb-footer">
            Powered by <a href="/">Linkbio</a>
          </footer>
        )}
      </Content>
      {children}
    </div>
  );
}
