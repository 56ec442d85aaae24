import { renderToStaticMarkup } from "react-dom/server";
import { ProfileView } from "@/components/profile-page/profile-view";
import type { PublicProfileData } from "@/lib/public-profile";
import { youtubeVideoId } from "@/lib/schemas/design";
import { pageAddressOf } from "@/server/services/share/page-address";
import { fontFaceCss } from "./font-css";
import { Head } from "./head";
import { LinkDialogs } from "./link-dialogs";
import { pageIcon, shareImageUrl } from "./page-icons";
import { assetUrl } from "./static-assets";
import { signupFormPath } from "./routes";

interface PageMeta {
  origin: string;
  indexable: boolean;
  /** Served at the root of the creator's own domain (`origin`), rather than under the app's /{slug}. */
  ownDomain?: boolean;
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
        canonical={meta.ownDomain ? `${meta.origin}/` : pageAddressOf(profile.slug, meta.origin)}
        image={shareImageUrl(profile, meta.origin, meta.ownDomain)}
        icon={pageIcon(profile)}
        indexable={meta.indexable}
        fontCss={fontFaceCss(profile.design.font_family)}
      />
      <body className="lb-body">
        <ProfileView profile={profile} mode="page" signupAction={meta.ownDomain ? "/subscribe" : signupFormPath(profile.slug)}>
          <LinkDialogs confirmLinks={profile.design.ask_before_opening_links} />
        </ProfileView>
        <Music profile={profile} />
        <script src={assetUrl("page.js")} defer />
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
