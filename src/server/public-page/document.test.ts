import { describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { PublicProfileData } from "@/lib/public-profile";
import { renderProfileDocument } from "./document";
import { renderStatusDocument } from "./status-document";

function page(ask_before_opening_links: boolean): PublicProfileData {
  return {
    slug: "sam",
    display_name: "Sam",
    title: "",
    bio: "",
    avatar_url: null,
    show_branding: true,
    design: { ...DESIGN_DEFAULTS, ask_before_opening_links },
    links: [
      {
        id: "l1",
        title: "Shop",
        href: "https://shop.example.com/",
        link_type: "regular",
        is_adult: false,
        icon_url: null,
        thumbnail: null,
        username: null,
        clicks: null,
        embed: null,
        signup: null,
      },
    ],
  };
}

const META = { origin: "http://localhost", indexable: true };

describe("public page document", () => {
  it("holds the confirmation only while the creator asks for it, and the age gate always", () => {
    const asking = renderProfileDocument(page(true), META);
    expect(asking).toContain(`<dialog id="lb-confirm"`);
    expect(asking).toContain(`<dialog id="lb-age"`);
    const direct = renderProfileDocument(page(false), META);
    expect(direct).not.toContain(`id="lb-confirm"`);
    expect(direct).toContain(`<dialog id="lb-age"`);
  });

  it("puts the dialogs inside the page element, where the design's variables apply", () => {
    const html = renderProfileDocument(page(true), META);
    const pageStart = html.indexOf(`<div class="lb-page"`);
    const script = html.indexOf("<script");
    expect(pageStart).toBeGreaterThan(-1);
    expect(html.indexOf(`<dialog id="lb-age"`)).toBeGreaterThan(pageStart);
    expect(html.indexOf(`<dialog id="lb-age"`)).toBeLessThan(script);
  });
});

describe("status documents", () => {
  it("say 'Profile Not Found' in the product's font with a way home, and no toast", () => {
    const html = renderStatusDocument("not_found");
    expect(html).toContain("<h1>Profile Not Found</h1>");
    expect(html).toContain(`<a class="lb-status-home" href="/">Go to Homepage</a>`);
    expect(html).toMatch(/@font-face \{\s*font-family: 'Inter'/);
    expect(html).not.toContain("not found</div>");
    expect(html).not.toContain(`role="status"`);
  });

  it("say 'Profile Not Available' for a private profile", () => {
    const html = renderStatusDocument("private");
    expect(html).toContain("<h1>Profile Not Available</h1>");
    expect(html).toContain("This profile is currently private.");
    expect(html).toContain(`href="/">Go to Homepage</a>`);
  });
});
