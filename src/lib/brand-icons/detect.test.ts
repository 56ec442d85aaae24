import { describe, expect, it } from "vitest";
import { detectBrand } from "./detect";

describe("brand detection from a link's address", () => {
  it.each([
    ["https://instagram.com/walker", "instagram"],
    ["https://www.instagram.com/walker/", "instagram"],
    ["https://www.tiktok.com/@walker", "tiktok"],
    ["https://m.youtube.com/@walker", "youtube"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube"],
    ["https://music.youtube.com/channel/x", "youtube"],
    ["https://x.com/walker", "x"],
    ["https://twitter.com/walker", "x"],
    ["https://mobile.twitter.com/walker", "x"],
    ["https://facebook.com/walker", "facebook"],
    ["https://www.threads.net/@walker", "threads"],
    ["https://open.spotify.com/artist/1", "spotify"],
    ["https://soundcloud.com/walker", "soundcloud"],
    ["https://snapchat.com/add/walker", "snapchat"],
    ["https://pinterest.com/walker", "pinterest"],
    ["https://wa.me/15551234567", "whatsapp"],
    ["https://www.linkedin.com/in/walker", "linkedin"],
    ["https://github.com/walker", "github"],
    ["https://www.twitch.tv/walker", "twitch"],
    ["https://discord.gg/abc", "discord"],
    ["https://t.me/walker", "telegram"],
    ["https://bsky.app/profile/walker.bsky.social", "bluesky"],
    ["https://walker.bsky.social", "bluesky"],
    ["https://mastodon.social/@walker", "mastodon"],
    ["https://fosstodon.org/@walker", "mastodon"],
    ["https://social.example/@walker@other.example", "mastodon"],
    ["https://patreon.com/walker", "patreon"],
    ["https://ko-fi.com/walker", "kofi"],
    ["https://walker.substack.com/", "substack"],
    ["https://music.apple.com/us/artist/walker/1", "applemusic"],
    ["https://walker.bandcamp.com/album/x", "bandcamp"],
    ["HTTPS://WWW.INSTAGRAM.COM./walker", "instagram"],
    ["https://instagram.com:443/walker", "instagram"],
    ["mailto:walker@example.com", "email"],
    ["tel:+15551234567", "phone"],
  ])("%s is %s", (href, brand) => {
    expect(detectBrand(href)).toBe(brand);
  });

  it.each([
    "https://instagram.com.evil.example/walker",
    "https://evilinstagram.com/walker",
    "https://instagram.com@evil.example/walker",
    "https://xn--nstagram-y5g.com/walker",
    "https://іnstagram.com/walker",
    "https://apple.com/music",
    "https://example.com/",
    "https://example.com/@",
    "https://example.com/shop/@walker",
    "https://com/",
    "javascript:alert(1)//instagram.com",
    "data:text/html,instagram.com",
    "ftp://instagram.com/walker",
    "instagram.com/walker",
    "//instagram.com/walker",
    "",
    "not a url",
  ])("%j has no brand", (href) => {
    expect(detectBrand(href)).toBeNull();
  });
});
