import { assetUrl } from "./static-assets";

interface HeadProps {
  title: string;
  description: string;
  canonical?: string;
  image?: string | null;
  indexable: boolean;
  fontCss?: string;
}

/** The <head> of every page this server renders: metadata, the shared stylesheet and the one font family used. */
export function Head({ title, description, canonical, image, indexable, fontCss }: HeadProps) {
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
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      <link rel="stylesheet" href={assetUrl("profile.css")} />
      {fontCss && <style dangerouslySetInnerHTML={{ __html: fontCss }} />}
    </head>
  );
}
