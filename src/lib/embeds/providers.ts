import type { IconKey } from "@/lib/brand-icons/brands";

export const EMBED_PROVIDERS = ["youtube", "vimeo", "spotify", "soundcloud", "apple_music", "apple_podcasts"] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

export const EMBED_KINDS = ["video", "short", "track", "album", "playlist", "episode", "show", "song", "podcast"] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** What the player shows: a 16:9 picture, or an audio strip of the provider's own height in CSS pixels. */
export type EmbedShape = { kind: "video" } | { kind: "audio"; height: number };

interface ProviderInfo {
  name: string;
  icon: IconKey;
  /** The one origin the provider's player is framed from: the page's CSP frame-src lists exactly these. */
  frameOrigin: string;
  /** What playback needs from the frame; nothing else is delegated to it. */
  allow: string;
}

const VIDEO_ALLOW = "autoplay; encrypted-media; fullscreen; picture-in-picture";
const AUDIO_ALLOW = "autoplay; encrypted-media";

export const PROVIDERS: Record<EmbedProvider, ProviderInfo> = {
  youtube: { name: "YouTube", icon: "youtube", frameOrigin: "https://www.youtube-nocookie.com", allow: VIDEO_ALLOW },
  vimeo: { name: "Vimeo", icon: "vimeo", frameOrigin: "https://player.vimeo.com", allow: VIDEO_ALLOW },
  spotify: { name: "Spotify", icon: "spotify", frameOrigin: "https://open.spotify.com", allow: AUDIO_ALLOW },
  soundcloud: { name: "SoundCloud", icon: "soundcloud", frameOrigin: "https://w.soundcloud.com", allow: AUDIO_ALLOW },
  apple_music: { name: "Apple Music", icon: "applemusic", frameOrigin: "https://embed.music.apple.com", allow: AUDIO_ALLOW },
  apple_podcasts: { name: "Apple Podcasts", icon: "applepodcasts", frameOrigin: "https://embed.podcasts.apple.com", allow: AUDIO_ALLOW },
};

/** A parsed embeddable address: which provider, what sort of item, and its id in the provider's terms. */
export interface ParsedEmbed {
  provider: EmbedProvider;
  kind: EmbedKind;
  id: string;
}

/** The stored metadata belongs to this item; a new address means fetching again. */
export const embedKey = (embed: ParsedEmbed) => `${embed.provider}:${embed.kind}:${embed.id}`;

/** The player's height: each audio provider's own sizes (a single item is a short strip, a list is taller). */
export function embedShape({ provider, kind }: ParsedEmbed): EmbedShape {
  if (provider === "youtube" || provider === "vimeo") return { kind: "video" };
  const single = kind === "track" || kind === "episode" || kind === "song";
  if (provider === "spotify") return { kind: "audio", height: single ? 152 : 352 };
  if (provider === "soundcloud") return { kind: "audio", height: single ? 166 : 450 };
  return { kind: "audio", height: single ? 175 : 450 };
}

/**
 * The player's address, built only from the parsed provider and id (every id matched a strict
 * pattern when parsed), never from the address the creator typed; it starts playing at once,
 * since the visitor pressed play to get it.
 */
export function embedSrc({ provider, kind, id }: ParsedEmbed): string {
  const origin = PROVIDERS[provider].frameOrigin;
  switch (provider) {
    case "youtube":
      return `${origin}/embed/${id}?autoplay=1`;
    case "vimeo":
      return `${origin}/video/${id}?autoplay=1`;
    case "spotify":
      return `${origin}/embed/${kind}/${id}`;
    case "soundcloud":
      return `${origin}/player/?url=${encodeURIComponent(`https://soundcloud.com/${id}`)}&auto_play=true`;
    case "apple_music":
    case "apple_podcasts":
      return `${origin}/${id}`;
  }
}
