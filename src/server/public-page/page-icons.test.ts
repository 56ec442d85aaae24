import { describe, expect, it } from "vitest";
import { normalizeDesign } from "@/lib/design/normalize";
import type { PublicProfileData } from "@/lib/public-profile";
import { pageIcon, shareImageUrl } from "./page-icons";

const AVATAR = `/api/assets/${"a".repeat(64)}`;

function profile(changes: Partial<PublicProfileData> = {}): PublicProfileData {
  return {
    slug: "maya",
    display_name: "Maya",
    title: null,
    bio: "Designer",
    avatar_url: null,
    show_branding: true,
    links: [],
    design: normalizeDesign({ background_color: "#fef3c7", text_color: "#1e3a8a" }),
    ...changes,
  } as PublicProfileData;
}

const svgOf = (icon: string) => decodeURIComponent(icon.slice("data:image/svg+xml,".length));

describe("a page's icon", () => {
  it("is the creator's own avatar", () => {
    expect(pageIcon(profile({ avatar_url: AVATAR }))).toBe(AVATAR);
  });

  it("is otherwise the initial in the page's colours, escaped", () => {
    const svg = svgOf(pageIcon(profile()));
    expect(svg).toContain('fill="#fef3c7"');
    expect(svg).toContain('fill="#1e3a8a">M</text>');
    expect(svgOf(pageIcon(profile({ display_name: "<b>" })))).toContain(">&lt;</text>");
    expect(pageIcon(profile({ avatar_url: "https://elsewhere.example/a.png" }))).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe("the share image address", () => {
  it("is absolute and changes with what the image shows, not with links", () => {
    const url = shareImageUrl(profile(), "https://links.example.com");
    expect(url).toMatch(/^https:\/\/links\.example\.com\/maya\/og\.png\?v=[\w-]{10}$/);
    expect(shareImageUrl(profile({ display_name: "Maya Chen" }), "https://links.example.com")).not.toBe(url);
    const link = {
      id: "l1",
      title: "New",
      href: "https://example.com",
      link_type: "regular",
      is_adult: false,
      icon_url: null,
      thumbnail: null,
      username: null,
      clicks: null,
    };
    expect(shareImageUrl(profile({ links: [link] as PublicProfileData["links"] }), "https://links.example.com")).toBe(url);
  });
});
