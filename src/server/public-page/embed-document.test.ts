import { describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { PublicLink, PublicProfileData } from "@/lib/public-profile";
import type { LinkEmbed } from "@/lib/schemas/embed";
import { publicPagePolicy } from "./content-security";
import { renderProfileDocument } from "./document";

const ASSET = `/api/assets/${"a".repeat(64)}`;

function link(id: string, title: string, embed: LinkEmbed | null): PublicLink {
  const href = "https://example.com/";
  return {
    id,
    title,
    href,
    link_type: "video",
    is_adult: false,
    icon_url: null,
    thumbnail: null,
    username: null,
    clicks: null,
    embed,
    signup: null,
  };
}

function page(links: PublicLink[]): PublicProfileData {
  return { slug: "sam", display_name: "Sam", title: "", bio: "", avatar_url: null, show_branding: true, design: DESIGN_DEFAULTS, links };
}

const META = { origin: "http://localhost", indexable: true };
const youtube: LinkEmbed = { provider: "youtube", kind: "video", id: "dQw4w9WgXcQ", thumbnail_url: ASSET, title: "Never <b>Gonna</b>" };

describe("a player's stand-in on the public page", () => {
  it("shows our copy of the picture, the title as text, the provider and a named play button, and no frame", () => {
    const html = renderProfileDocument(page([link("l1", "My video", youtube)]), META);
    expect(html).toContain(`data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"`);
    expect(html).toContain(`<img class="lb-embed-thumb" src="${ASSET}" alt=""`);
    expect(html).toContain(`aria-label="Play Never &lt;b&gt;Gonna&lt;/b&gt; on YouTube"`);
    expect(html).toContain(`<span class="lb-embed-title">Never &lt;b&gt;Gonna&lt;/b&gt;</span>`);
    expect(html).toMatch(/<span class="lb-embed-provider">.*YouTube<\/span>/);
    expect(html).not.toContain("<b>Gonna");
    expect(html).not.toContain("<iframe");
    expect(html).not.toMatch(/ (src|href)="https?:\/\/(?!localhost)/);
  });

  it("falls back to the provider's tile and the creator's title, and never shows a picture from elsewhere", () => {
    const embed: LinkEmbed = {
      provider: "spotify",
      kind: "track",
      id: "4uLU6hMCjMI75M1A2tKUQC",
      thumbnail_url: "https://i.scdn.co/x.jpg",
      title: null,
    };
    const html = renderProfileDocument(page([link("l1", "My song", embed)]), META);
    expect(html).toContain(`<div class="lb-embed-tile">`);
    expect(html).toContain(`aria-label="Play My song on Spotify"`);
    expect(html).toContain("lb-embed-h152");
    expect(html).not.toContain("scdn.co");
  });

  it("frames exactly the providers the page holds, and nothing on a page without players", () => {
    const soundcloud: LinkEmbed = { provider: "soundcloud", kind: "playlist", id: "a/sets/b", thumbnail_url: null, title: "Set" };
    const withPlayers = publicPagePolicy(renderProfileDocument(page([link("l1", "A", youtube), link("l2", "B", soundcloud)]), META));
    expect(withPlayers).toContain("frame-src https://www.youtube-nocookie.com https://w.soundcloud.com;");
    const plain = publicPagePolicy(renderProfileDocument(page([link("l1", "A", null)]), META));
    expect(plain).not.toContain("frame-src");
  });

  it("does not let a creator's text add a frame origin", () => {
    const html = renderProfileDocument(page([link("l1", ` data-embed-provider="vimeo"`, null)]), META);
    expect(publicPagePolicy(html)).not.toContain("frame-src");
  });
});
