import { renderableImageUrl } from "@/lib/asset-url";
import { embedShape, embedSrc, PROVIDERS } from "@/lib/embeds/providers";
import type { LinkEmbed } from "@/lib/schemas/embed";
import { LinkGlyph } from "./link-icon";

interface EmbedFacadeProps {
  linkId: string;
  /** The creator's title, shown when the provider's could not be fetched. */
  linkTitle: string;
  embed: LinkEmbed;
  fromSprite: boolean;
}

/**
 * A player's stand-in (docs/creators.md#video-and-music-players): our own copy of the provider's
 * picture, the title as text and a play button. Nothing here loads from the provider; the page's
 * script puts the player from data-embed-src in the frame only when play is pressed.
 */
export function EmbedFacade({ linkId, linkTitle, embed, fromSprite }: EmbedFacadeProps) {
  const provider = PROVIDERS[embed.provider];
  const shape = embedShape(embed);
  const title = embed.title || linkTitle;
  const thumbnail = renderableImageUrl(embed.thumbnail_url);
  const sizing = shape.kind === "video" ? "lb-embed-video" : `lb-embed-audio lb-embed-h${shape.height}`;
  return (
    <figure
      className={`lb-embed ${sizing}`}
      data-link-id={linkId}
      data-embed-provider={embed.provider}
      data-embed-src={embedSrc(embed)}
      data-embed-allow={provider.allow}
      data-embed-title={`${title} on ${provider.name}`}
    >
      <div className="lb-embed-frame">
        {thumbnail ? (
          <img className="lb-embed-thumb" src={thumbnail} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className="lb-embed-tile">
            <LinkGlyph icon={provider.icon} fromSprite={fromSprite} />
          </div>
        )}
        <button type="button" className="lb-embed-play" aria-label={`Play ${title} on ${provider.name}`}>
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d="M8 5.5v13l10.5-6.5L8 5.5Z" fill="currentColor" />
          </svg>
        </button>
      </div>
      <figcaption className="lb-embed-caption">
        <span className="lb-embed-title">{title}</span>
        <span className="lb-embed-provider">
          <LinkGlyph icon={provider.icon} fromSprite={fromSprite} />
          {provider.name}
        </span>
      </figcaption>
    </figure>
  );
}
