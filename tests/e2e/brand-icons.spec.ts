import { expect, test } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

const NETWORKS = [
  { name: "Instagram", url: "instagram.com/walker" },
  { name: "TikTok", url: "https://www.tiktok.com/@walker" },
  { name: "YouTube", url: "https://m.youtube.com/@walker" },
  { name: "X", url: "https://twitter.com/walker" },
  { name: "Facebook", url: "facebook.com/walker" },
  { name: "Threads", url: "https://www.threads.net/@walker" },
  { name: "Spotify", url: "https://open.spotify.com/artist/1" },
  { name: "GitHub", url: "github.com/walker" },
  { name: "Mastodon", url: "https://fosstodon.org/@walker" },
  { name: "Email", url: "mailto:walker@example.com" },
];

test("social links show their network's icon, named for screen readers, without a single extra request", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "brands");
  // Titles the creator typed freely: the icon's name comes from the address, not the title.
  for (const [index, network] of NETWORKS.entries())
    await trpcMutation(page, "link.create", { title: `My account ${index + 1}`, url: network.url, link_type: "social" });
  await trpcMutation(page, "link.create", { title: "Newsletter", url: "https://walker.substack.com", link_type: "regular" });
  await trpcMutation(page, "link.create", { title: "Somewhere else", url: "example.com/walker", link_type: "social" });

  const visitor = await browser.newPage();
  const requests: string[] = [];
  visitor.on("request", (request) => requests.push(request.url()));
  await visitor.goto(`/${slug}`);

  const socials = visitor.getByRole("list").filter({ has: visitor.locator(".lb-social") });
  for (const network of NETWORKS) {
    const link = socials.getByRole("link", { name: network.name, exact: true });
    await expect(link).toBeVisible();
    await expect(link.getByRole("img", { name: network.name, exact: true })).toBeVisible();
  }
  // An unknown site keeps the generic icon and the creator's title as its name.
  await expect(socials.getByRole("link", { name: "Somewhere else", exact: true })).toBeVisible();
  // A button with text carries its brand icon as decoration only.
  const newsletter = visitor.getByRole("link", { name: "Newsletter", exact: true });
  await expect(newsletter.locator("svg.lb-button-icon")).toHaveAttribute("aria-hidden", "true");

  const origin = new URL(visitor.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
  expect(requests.filter((url) => /\.svg|icon/i.test(url))).toEqual([]);
  await visitor.close();
});
