import type { ParsedEmbed } from "./providers";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SPOTIFY_KINDS = new Set(["track", "album", "playlist", "episode", "show"]);
const SPOTIFY_LOCALE = /^intl-[a-z]{2}(?:-[a-z]{2})?$/i;
const SOUNDCLOUD_NAME = /^[a-z0-9_-]{1,100}$/;
/** First path segments of soundcloud.com that are the site's own pages, not artists. */
const SOUNDCLOUD_PAGES = new Set([
  "discover",
  "search",
  "stream",
  "you",
  "upload",
  "charts",
  "pages",
  "settings",
  "messages",
  "notifications",
  "people",
  "tags",
  "pro",
  "mobile",
  "jobs",
  "imprint",
  "terms-of-use",
  "player",
]);
/** Second path segments under an artist that list things rather than name a track. */
const SOUNDCLOUD_LISTS = new Set([
  "tracks",
  "albums",
  "popular-tracks",
  "reposts",
  "likes",
  "followers",
  "following",
  "comments",
  "sets",
  "spotlight",
]);
const APPLE_COUNTRY = /^[a-z]{2}$/;
const APPLE_NUMBER = /^\d{1,15}$/;
const APPLE_PLAYLIST = /^pl\.[A-Za-z0-9-]{1,64}$/;

const HOSTS = {
  youtube: new Set([
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "music.youtube.com",
    "youtube-nocookie.com",
    "www.youtube-nocookie.com",
  ]),
  youtuBe: new Set(["youtu.be"]),
  vimeo: new Set(["vimeo.com", "www.vimeo.com"]),
  vimeoPlayer: new Set(["player.vimeo.com"]),
  spotify: new Set(["open.spotify.com"]),
  soundcloud: new Set(["soundcloud.com", "www.soundcloud.com", "m.soundcloud.com"]),
  appleMusic: new Set(["music.apple.com"]),
  applePodcasts: new Set(["podcasts.apple.com"]),
};

/** An address as given, only when it is plainly http(s) on the default port with no user part. */
function plainUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  return url;
}

function youtube(url: URL, segments: string[]): ParsedEmbed | null {
  const [first, second] = segments;
  if (first === "watch" && segments.length === 1) {
    const id = url.searchParams.get("v") ?? "";
    return YOUTUBE_ID.test(id) ? { provider: "youtube", kind: "video", id } : null;
  }
  if (segments.length !== 2 || !second || !YOUTUBE_ID.test(second)) return null;
  if (first === "shorts") return { provider: "youtube", kind: "short", id: second };
  if (first === "embed" || first === "live" || first === "v") return { provider: "youtube", kind: "video", id: second };
  return null;
}

function vimeo(segments: string[], player: boolean): ParsedEmbed | null {
  const id = segments.at(-1) ?? "";
  if (!VIMEO_ID.test(id)) return null;
  const path = segments.slice(0, -1).join("/");
  const ok = player ? path === "video" : path === "" || /^channels\/[\w-]+$/.test(path) || /^groups\/[\w-]+\/videos$/.test(path);
  return ok ? { provider: "vimeo", kind: "video", id } : null;
}

function spotify(segments: string[]): ParsedEmbed | null {
  const rest = segments.slice(SPOTIFY_LOCALE.test(segments[0] ?? "") ? 1 : 0);
  const [kind, id] = rest[0] === "embed" ? rest.slice(1) : rest;
  const length = rest[0] === "embed" ? rest.length - 1 : rest.length;
  if (length !== 2 || !kind || !SPOTIFY_KINDS.has(kind) || !id || !SPOTIFY_ID.test(id)) return null;
  return { provider: "spotify", kind: kind as ParsedEmbed["kind"], id };
}

function soundcloud(segments: string[]): ParsedEmbed | null {
  const lower = segments.map((segment) => segment.toLowerCase());
  if (!lower.every((segment) => SOUNDCLOUD_NAME.test(segment)) || SOUNDCLOUD_PAGES.has(lower[0] ?? "")) return null;
  if (lower.length === 2 && !SOUNDCLOUD_LISTS.has(lower[1]!)) return { provider: "soundcloud", kind: "track", id: lower.join("/") };
  if (lower.length === 3 && lower[1] === "sets") return { provider: "soundcloud", kind: "playlist", id: lower.join("/") };
  return null;
}

function appleMusic(url: URL, segments: string[]): ParsedEmbed | null {
  const [country, type] = segments;
  const id = segments.at(-1) ?? "";
  if (!country || !APPLE_COUNTRY.test(country) || (segments.length !== 3 && segments.length !== 4)) return null;
  if (type === "playlist" && APPLE_PLAYLIST.test(id)) return { provider: "apple_music", kind: "playlist", id: `${country}/playlist/${id}` };
  if (!APPLE_NUMBER.test(id)) return null;
  if (type === "song") return { provider: "apple_music", kind: "song", id: `${country}/song/${id}` };
  if (type !== "album") return null;
  const track = url.searchParams.get("i");
  if (track !== null) {
    return APPLE_NUMBER.test(track) ? { provider: "apple_music", kind: "song", id: `${country}/album/${id}?i=${track}` } : null;
  }
  return { provider: "apple_music", kind: "album", id: `${country}/album/${id}` };
}

function applePodcasts(url: URL, segments: string[]): ParsedEmbed | null {
  const [country, type] = segments;
  const last = segments.at(-1) ?? "";
  if (!country || !APPLE_COUNTRY.test(country) || type !== "podcast" || (segments.length !== 3 && segments.length !== 4)) return null;
  const show = /^id(\d{1,15})$/.exec(last)?.[1];
  if (!show) return null;
  const episode = url.searchParams.get("i");
  if (episode === null) return { provider: "apple_podcasts", kind: "podcast", id: `${country}/podcast/id${show}` };
  return APPLE_NUMBER.test(episode)
    ? { provider: "apple_podcasts", kind: "episode", id: `${country}/podcast/id${show}?i=${episode}` }
    : null;
}

/**
 * The provider and item an address names, when it is one of the forms each provider's own pages
 * use (docs/creators.md#video-and-music-players); any other address, look-alike hosts among them, is null.
 */
export function parseEmbed(raw: string): ParsedEmbed | null {
  const url = plainUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (HOSTS.youtube.has(host)) return youtube(url, segments);
  if (HOSTS.youtuBe.has(host)) {
    const id = segments[0] ?? "";
    return segments.length === 1 && YOUTUBE_ID.test(id) ? { provider: "youtube", kind: "video", id } : null;
  }
  if (HOSTS.vimeo.has(host)) return vimeo(segments, false);
  if (HOSTS.vimeoPlayer.has(host)) return vimeo(segments, true);
  if (HOSTS.spotify.has(host)) return spotify(segments);
  if (HOSTS.soundcloud.has(host)) return soundcloud(segments);
  if (HOSTS.appleMusic.has(host)) return appleMusic(url, segments);
  if (HOSTS.applePodcasts.has(host)) return applePodcasts(url, segments);
  return null;
}
