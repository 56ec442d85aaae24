import { describe, expect, it } from "vitest";
import { parseEmbed } from "./parse";
import { embedShape, embedSrc } from "./providers";

const YT = "dQw4w9WgXcQ";
const SPOTIFY = "4uLU6hMCjMI75M1A2tKUQC";

describe("parseEmbed", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${YT}`, { provider: "youtube", kind: "video", id: YT }],
    [`https://youtube.com/watch?v=${YT}&t=42s`, { provider: "youtube", kind: "video", id: YT }],
    [`https://m.youtube.com/watch?feature=share&v=${YT}`, { provider: "youtube", kind: "video", id: YT }],
    [`https://youtu.be/${YT}?si=abc`, { provider: "youtube", kind: "video", id: YT }],
    [`https://www.youtube.com/shorts/${YT}`, { provider: "youtube", kind: "short", id: YT }],
    [`https://www.youtube.com/embed/${YT}`, { provider: "youtube", kind: "video", id: YT }],
    [`https://www.youtube-nocookie.com/embed/${YT}`, { provider: "youtube", kind: "video", id: YT }],
    ["https://vimeo.com/76979871", { provider: "vimeo", kind: "video", id: "76979871" }],
    ["https://vimeo.com/channels/staffpicks/76979871", { provider: "vimeo", kind: "video", id: "76979871" }],
    ["https://player.vimeo.com/video/76979871", { provider: "vimeo", kind: "video", id: "76979871" }],
    [`https://open.spotify.com/track/${SPOTIFY}?si=x`, { provider: "spotify", kind: "track", id: SPOTIFY }],
    [`https://open.spotify.com/intl-de/track/${SPOTIFY}`, { provider: "spotify", kind: "track", id: SPOTIFY }],
    [`https://open.spotify.com/intl-pt-BR/album/${SPOTIFY}`, { provider: "spotify", kind: "album", id: SPOTIFY }],
    [`https://open.spotify.com/playlist/${SPOTIFY}`, { provider: "spotify", kind: "playlist", id: SPOTIFY }],
    [`https://open.spotify.com/episode/${SPOTIFY}`, { provider: "spotify", kind: "episode", id: SPOTIFY }],
    [`https://open.spotify.com/show/${SPOTIFY}`, { provider: "spotify", kind: "show", id: SPOTIFY }],
    [`https://open.spotify.com/embed/show/${SPOTIFY}`, { provider: "spotify", kind: "show", id: SPOTIFY }],
    ["https://soundcloud.com/artist-name/a-track", { provider: "soundcloud", kind: "track", id: "artist-name/a-track" }],
    ["https://m.soundcloud.com/Artist/Track_1", { provider: "soundcloud", kind: "track", id: "artist/track_1" }],
    ["https://soundcloud.com/artist/sets/best-of", { provider: "soundcloud", kind: "playlist", id: "artist/sets/best-of" }],
    ["https://music.apple.com/us/album/some-album/1440857781", { provider: "apple_music", kind: "album", id: "us/album/1440857781" }],
    [
      "https://music.apple.com/gb/album/some-album/1440857781?i=1440857790",
      { provider: "apple_music", kind: "song", id: "gb/album/1440857781?i=1440857790" },
    ],
    ["https://music.apple.com/us/song/a-song/1440857790", { provider: "apple_music", kind: "song", id: "us/song/1440857790" }],
    ["https://music.apple.com/us/playlist/mix/pl.u-abc123", { provider: "apple_music", kind: "playlist", id: "us/playlist/pl.u-abc123" }],
    [
      "https://podcasts.apple.com/us/podcast/the-show/id1200361736",
      { provider: "apple_podcasts", kind: "podcast", id: "us/podcast/id1200361736" },
    ],
    [
      "https://podcasts.apple.com/us/podcast/the-show/id1200361736?i=1000650000000",
      { provider: "apple_podcasts", kind: "episode", id: "us/podcast/id1200361736?i=1000650000000" },
    ],
  ])("reads %s", (url, expected) => {
    expect(parseEmbed(url)).toEqual(expected);
  });

  it.each([
    `https://youtube.com.evil.test/watch?v=${YT}`,
    `https://evil.test/youtube.com/watch?v=${YT}`,
    `https://www.youtube.com@evil.test/watch?v=${YT}`,
    `https://user@www.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com:8443/watch?v=${YT}`,
    `https://notyoutube.com/watch?v=${YT}`,
    `https://youtu.be.evil.test/${YT}`,
    `javascript:alert(1)//youtube.com/watch?v=${YT}`,
    `https://www.youtube.com/watch?v=${YT}"onload="x`,
    `https://www.youtube.com/watch?v=short`,
    `https://www.youtube.com/@channel`,
    `https://www.youtube.com/embed/${YT}/extra`,
    `https://open.spotify.com@evil.test/track/${SPOTIFY}`,
    `https://spotify.com@evil.test/track/${SPOTIFY}`,
    `https://open.spotify.com.evil.test/track/${SPOTIFY}`,
    `https://open.spotify.com/artist/${SPOTIFY}`,
    `https://open.spotify.com/track/${SPOTIFY}/../../x`,
    `https://open.spotify.com/intl-xyz-abcd/track/${SPOTIFY}`,
    "https://vimeo.com.evil.test/76979871",
    "https://vimeo.com/about",
    "https://soundcloud.com/discover",
    "https://soundcloud.com/artist",
    "https://soundcloud.com/artist/likes",
    "https://soundcloud.com/artist/a%22track",
    "https://soundcloud.com.evil.test/artist/track",
    "https://music.apple.com/us/artist/someone/123",
    "https://music.apple.com/usa/album/x/123",
    "https://music.apple.com/us/album/x/123?i=abc",
    "https://podcasts.apple.com/us/podcast/the-show/1200361736",
    "https://apple.com/us/podcast/the-show/id1200361736",
    "not a url",
    "",
  ])("refuses %s", (url) => {
    expect(parseEmbed(url)).toBeNull();
  });
});

describe("embedSrc", () => {
  it("builds each player's address from the provider and id only", () => {
    expect(embedSrc({ provider: "youtube", kind: "short", id: YT })).toBe(`https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`);
    expect(embedSrc({ provider: "vimeo", kind: "video", id: "76979871" })).toBe("https://player.vimeo.com/video/76979871?autoplay=1");
    expect(embedSrc({ provider: "spotify", kind: "episode", id: SPOTIFY })).toBe(`https://open.spotify.com/embed/episode/${SPOTIFY}`);
    expect(embedSrc({ provider: "soundcloud", kind: "track", id: "a/b" })).toBe(
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb&auto_play=true",
    );
    expect(embedSrc({ provider: "apple_podcasts", kind: "podcast", id: "us/podcast/id1" })).toBe(
      "https://embed.podcasts.apple.com/us/podcast/id1",
    );
  });

  it("gives video 16:9 and audio the provider's height", () => {
    expect(embedShape({ provider: "vimeo", kind: "video", id: "1" })).toEqual({ kind: "video" });
    expect(embedShape({ provider: "spotify", kind: "track", id: SPOTIFY })).toEqual({ kind: "audio", height: 152 });
    expect(embedShape({ provider: "spotify", kind: "playlist", id: SPOTIFY })).toEqual({ kind: "audio", height: 352 });
  });
});
