import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { PublicProfileData } from "@/lib/public-profile";
import { renderProfileDocument } from "./document";

const ADDRESSES = [
  "https://instagram.com/walker",
  "https://www.tiktok.com/@walker",
  "https://youtube.com/@walker",
  "https://x.com/walker",
  "https://facebook.com/walker",
  "https://threads.net/@walker",
  "https://open.spotify.com/artist/1",
  "https://soundcloud.com/walker",
  "https://snapchat.com/add/walker",
  "https://pinterest.com/walker",
  "https://wa.me/15551234567",
  "https://linkedin.com/in/walker",
  "https://github.com/walker",
  "https://twitch.tv/walker",
  "https://discord.gg/walker",
  "https://t.me/walker",
  "https://bsky.app/profile/walker",
  "https://mastodon.social/@walker",
  "https://patreon.com/walker",
  "https://music.apple.com/us/artist/1",
];

function pageWithIcons(): PublicProfileData {
  return {
    slug: "walker",
    display_name: "Walker",
    title: "",
    bio: "Every network I am on.",
    avatar_url: null,
    show_branding: true,
    design: DESIGN_DEFAULTS,
    links: ADDRESSES.map((href, index) => ({
      id: `link-${index}`,
      title: `Link number ${index + 1}`,
      href,
      link_type: index % 2 === 0 ? "social" : "regular",
      is_adult: false,
      icon_url: null,
      thumbnail: null,
      username: null,
      clicks: null,
      embed: null,
      signup: null,
    })),
  };
}

describe("the public page's weight", () => {
  it("stays under 30 KB of gzipped HTML with 20 links that all show a brand icon", () => {
    const html = renderProfileDocument(pageWithIcons(), { origin: "http://localhost", indexable: true });
    expect(html.match(/<use href="#lb-icon-/g)).toHaveLength(ADDRESSES.length);
    expect(gzipSync(html).byteLength).toBeLessThan(30 * 1024);
  });

  it("stays under 10 KB of gzipped script", () => {
    const script = readFileSync(path.join(process.cwd(), "src/server/public-page/client/page.js"));
    expect(gzipSync(script).byteLength).toBeLessThan(10 * 1024);
  });
});
