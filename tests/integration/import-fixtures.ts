// Fixtures of the import tests (integration and end-to-end): a Linktree-shaped page, a LinkStack
// export and CSV files, made here, in the shapes those products write.
import sharp from "sharp";

/** A small real PNG of one colour, as the fixture server serves avatars and thumbnails. */
export function png(color: string, side = 16): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A Linktree profile page as linktr.ee serves it: a Next.js page whose `__NEXT_DATA__` script holds
 * `props.pageProps.account` (name, bio, avatar, links with their types and positions, social links).
 * `origin` serves the avatar and thumbnails.
 */
export function linktreePage(origin: string, username = "maya.sounds"): string {
  const account = {
    id: 48213377,
    uuid: "8f0b6c1e-3d5a-4a53-9a0e-6f7f2d9c1b44",
    username,
    tier: "free",
    isActive: true,
    profilePictureUrl: `${origin}/images/avatar.png`,
    pageTitle: "Maya Sounds",
    description: "Producer & DJ — new EP out now",
    socialLinksPosition: "BOTTOM",
    createdAt: 1_700_000_000_000,
    updatedAt: 1_730_000_000_000,
    // Listed out of order, as the page lists them; `position` decides.
    links: [
      {
        id: 90693023,
        type: "CLASSIC",
        title: "New EP, on every platform",
        position: 1,
        url: "https://ep.example.com/listen",
        modifiers: { animation: null, isForwarding: false, thumbnailUrl: `${origin}/images/ep.png` },
        rules: { gate: { activeOrder: null, age: null } },
      },
      { id: 90701196, type: "HEADER", title: "Music", position: 0, url: "", modifiers: { thumbnailUrl: null } },
      { id: 90692933, type: "CLASSIC", title: "Tour dates, Berlin, Paris", position: 2, url: "https://tour.example.com/", modifiers: {} },
      {
        id: 90692934,
        type: "CLASSIC",
        title: "Old merch store",
        position: 3,
        url: "https://merch.example.com/",
        isActive: false,
        modifiers: {},
      },
      { id: 90692935, type: "CLASSIC", title: "Sneaky", position: 4, url: "javascript:alert(document.cookie)", modifiers: {} },
      { id: 90692936, type: "COMMERCE_PRODUCT_GROUP", title: "Shop widget", position: 5, url: "", modifiers: {} },
    ],
    socialLinks: [
      { type: "YOUTUBE", url: "https://www.youtube.com/@mayasounds", position: 1 },
      { type: "INSTAGRAM", url: "https://instagram.com/mayasounds", position: 0 },
      { type: "EMAIL_ADDRESS", url: "mailto:booking@mayasounds.example", position: 2 },
    ],
    theme: { key: "spray" },
  };
  const data = {
    props: {
      pageProps: {
        account,
        isProfileVerified: false,
        username,
        pageTitle: account.pageTitle,
        description: account.description,
        metaTitle: `${account.pageTitle} | Linktree`,
      },
      __N_SSP: true,
    },
    page: "/[profile]",
    query: { profile: username },
    buildId: "b7q0Yk2dPp1XrL9vZs3aT",
    isFallback: false,
    gssp: true,
    scriptLoader: [],
  };
  // Next.js escapes "<" inside the JSON so the script cannot be closed early.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${account.pageTitle} | Linktree</title></head><body><div id="__next"><h1>${account.pageTitle}</h1></div><script id="__NEXT_DATA__" type="application/json" crossorigin="anonymous">${json}</script></body></html>`;
}

/** LinkStack's "Export all data": the user's row, its links (button ids from LinkStack's seeder) and the avatar inline. */
export function linkstackExport(avatarBase64: string): string {
  const link = (id: number, fields: Record<string, unknown>) => ({
    id,
    link: null,
    title: null,
    type: null,
    type_params: null,
    order: 0,
    click_number: 12,
    up_link: "no",
    user_id: 482910,
    button_id: 1,
    created_at: "2024-03-01T10:00:00.000000Z",
    updated_at: "2024-03-01T10:00:00.000000Z",
    custom_css: "",
    custom_icon: "fa-external-link",
    ...fields,
  });
  return JSON.stringify({
    id: 482910,
    name: "Jonas Weber",
    email: "jonas@example.com",
    email_verified_at: "2024-03-01T09:00:00.000000Z",
    littlelink_name: "jonasweber",
    littlelink_description: "<p>Photographer in <strong>Hamburg</strong></p>",
    role: "user",
    block: "no",
    created_at: "2024-03-01T09:00:00.000000Z",
    updated_at: "2024-05-01T09:00:00.000000Z",
    theme: "galaxy",
    auth_as: null,
    provider: null,
    provider_id: null,
    links: [
      link(11, { title: "Portfolio", link: "https://jonas.example.com", button_id: 2, type: "link", order: 2 }),
      link(12, { title: "Work", button_id: 42, type: "heading", order: 1 }),
      link(13, { title: "instagram", link: "https://instagram.com/jonasweber", button_id: 94, order: 0 }),
      link(14, { title: "3", button_id: 43, type: "spacer", order: 3 }),
      link(15, { title: "<p>Thanks for visiting</p>", button_id: 93, type: "text", order: 4 }),
      link(16, { title: "Mail me", link: "jonas@example.com", button_id: 6, type: "email", order: 5 }),
      link(17, { title: "Pinned print shop", link: "https://prints.example.com", button_id: 1, type: "link", order: 9, up_link: "yes" }),
    ],
    image_data: avatarBase64,
    image_extension: "png",
  });
}

/** A CSV with a byte-order mark, quoted commas and quotes, an optional type column and a hostile row. */
export const CSV_WITH_BOM =
  "\uFEFFTitle,URL,Type\r\n" +
  '"Shop, the new one",https://shop.example.com,regular\r\n' +
  "Section,,header\r\n" +
  '"She said ""hi""",https://quotes.example.com,\r\n' +
  "Follow me,https://instagram.com/someone,social\r\n" +
  "Evil,javascript:alert(1),regular\r\n" +
  "Odd,https://odd.example.com,hologram\r\n";
