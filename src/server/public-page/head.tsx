import { OG_IMAGE_SIZE } from "@/lib/share/share-image-size";
import { APP_ICON } from "./page-icons";
import { assetUrl } from "./static-assets";

interface HeadProps {
  title: string;
  description: string;
  canonical?: string;
  /** The page's share image (absolute URL). */
  image?: string;
  icon?: string;
  indexable: boolean;
  fontCss?: string;
}

/** The <head> of every page this server renders: metadata, the shared stylesheet and the one font family used. */
export function Head({ title, description, canonical, image, icon = APP_ICON, indexable, fontCss }: HeadProps) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {!indexable && <meta name="robots" content="noindex, nofollow" />}
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {canonical && <meta property="og:url" content={canonical} />}
      {image && (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:type" content="image/png" />
          <meta property="og:image:width" content={String(OG_IMAGE_SIZE.width)} />
          <meta property="og:image:height" content={String(OG_IMAGE_SIZE.height)} />
          <meta property="og:image:alt" content={title} />
        </>
      )}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      <link rel="icon" href={icon} />
      <link rel="stylesheet" href={assetUrl("profile.css")} />
      {fontCss && <style dangerouslySetInnerHTML={{ __html: fontCss }} />}
    </head>
  );
}
