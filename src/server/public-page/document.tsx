import { renderToStaticMarkup } from "react-dom/server";
import { ProfileView } from "@/components/profile-page/profile-view";
import type { PublicProfileData } from "@/lib/public-profile";
import { youtubeVideoId } from "@/lib/schemas/design";
import { fontFaceCss } from "./font-css";
import { assetUrl } from "./static-assets";

interface PageMeta {
  origin: string;
  indexable: boolean;
}

function Head({ title, description, canonical, image, indexable, fontCss }: {
  title: string;
  description: string;
  canonical?: string;
  image?: string | null;
  indexable: boolean;
  fontCss?: string;
}) {
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

function Dialogs() {
  return (
    <>
      <dialog id="lb-confirm" className="lb-dialog" aria-labelledby="lb-confirm-heading">
        <form method="dialog">
          <p id="lb-confirm-heading" className="lb-dialog-kicker">You are leaving to</p>
          <p className="lb-dialog-title" data-slot="title" />
          <div className="lb-dialog-actions">
            <button value="cancel" className="lb-dialog-secondary">Cancel</button>
            {/* showModal() moves focus to the dialog's autofocus button, as a modal dialog should. */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <button value="open" className="lb-dialog-primary" autoFocus>Open link</button>
          </div>
        </form>
      </dialog>
      <dialog id="lb-age" className="lb-dialog" aria-labelledby="lb-age-heading">
        <form method="dialog">
          <p id="lb-age-heading" className="lb-dialog-title">Age verification</p>
          <p className="lb-dialog-text">This link may contain content for adults only. Please confirm that you are 18 or older.</p>
          <div className="lb-dialog-actions">
            <button value="back" className="lb-dialog-secondary">Go Back</button>
            <button value="confirm" className="lb-dialog-primary">I am 18 or older</button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Background music only when the creator set it: the sole case a third-party host is contacted. */
function Music({ profile }: { profile: PublicProfileData }) {
  const { design } = profile;
  const videoId = design.youtube_url ? youtubeVideoId(design.youtube_url) : null;
  if (!videoId && !design.background_music_url) return null;
  const data = { "data-volume": String(design.music_volume), ...(design.music_autoplay ? { "data-autoplay": "true" } : {}) };
  return (
    <>
      {videoId ? (
        <iframe
          id="lb-music"
          title="Background music"
          className="lb-music-frame"
          allow="autoplay"
          src={`https://www.youtube-nocookie.com/embed/${videoId}?enablejsapi=1&loop=1&playlist=${videoId}&controls=0`}
          {...data}
        />
      ) : (
        // Background music has no words to caption.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio id="lb-music" src={design.background_music_url!} loop preload="none" {...data} />
      )}
      <button id="lb-music-toggle" type="button" className="lb-music-toggle" aria-pressed="false">
        ♪ Play music
      </button>
    </>
  );
}

export function renderProfileDocument(profile: PublicProfileData, meta: PageMeta): string {
  const name = profile.display_name || profile.title || `@${profile.slug}`;
  const markup = renderToStaticMarkup(
    <html lang="en">
      <Head
        title={`${name} | Linkbio`}
        description={profile.bio || `${name} on Linkbio`}
        canonical={`${meta.origin}/${profile.slug}`}
        image={profile.avatar_url ? new URL(profile.avatar_url, meta.origin).toString() : null}
        indexable={meta.indexable}
        fontCss={fontFaceCss(profile.design.font_family)}
      />
      <body className="lb-body">
        <ProfileView profile={profile} mode="page" />
        <Dialogs />
        <Music profile={profile} />
        <script src={assetUrl("page.js")} defer />
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}

/** 'Profile Not Found' (with its toast) and 'Profile Not Available', as plain pages. */
export function renderStatusDocument(kind: "not_found" | "private", slug: string): string {
  const notFound = kind === "not_found";
  const markup = renderToStaticMarkup(
    <html lang="en">
      <Head title={notFound ? "Profile Not Found | Linkbio" : "Profile Not Available | Linkbio"} description="Linkbio" indexable={false} />
      <body className="lb-body">
        <main className="lb-status">
          <h1>{notFound ? "Profile Not Found" : "Profile Not Available"}</h1>
          <p>{notFound ? "The page you're looking for doesn't exist or has moved." : "This profile is currently private."}</p>
          <a href="/">Go to Homepage</a>
        </main>
        {notFound && (
          <div role="status" className="lb-toast">
            Profile &quot;{slug}&quot; not found
          </div>
        )}
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
