// Video and music players (docs/creators.md#video-and-music-players): nothing outside is asked for
// until a visitor presses play. The providers' oEmbed endpoints and pictures are a local server
// (playwright.config.ts), and the players' own origins are answered by page.route: nothing leaves the machine.
import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { E2E_EMBED_PORT } from "../../playwright.config";
import { png } from "../integration/import-fixtures";
import { signUpCreator, trpcMutation } from "./support";

const fakeOrigin = `http://127.0.0.1:${E2E_EMBED_PORT}`;
// The fake providers take one port, so this file's tests run in one worker, in order.
test.describe.configure({ mode: "default" });
let server: Server;

const LINKS = [
  { title: "My video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", provider: "YouTube", name: "Never Gonna Give You Up" },
  { title: "My film", url: "https://vimeo.com/76979871", provider: "Vimeo", name: "The New Vimeo Player" },
  { title: "My song", url: "https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC", provider: "Spotify", name: "A Spotify Song" },
  { title: "My set", url: "https://soundcloud.com/artist/sets/best-of", provider: "SoundCloud", name: "Best Of" },
  { title: "My album", url: "https://music.apple.com/us/album/an-album/1440857781", provider: "Apple Music", name: "My album" },
  { title: "My show", url: "https://podcasts.apple.com/us/podcast/the-show/id1200361736", provider: "Apple Podcasts", name: "My show" },
];
const FRAME_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://open.spotify.com",
  "https://w.soundcloud.com",
  "https://embed.music.apple.com",
  "https://embed.podcasts.apple.com",
];

test.beforeAll(async () => {
  const picture = await png("#3366cc", 64);
  const titles: Record<string, string> = {
    "/youtube": "Never Gonna Give You Up",
    "/vimeo": "The New Vimeo Player",
    "/spotify": "A Spotify Song",
    "/soundcloud": "Best Of",
  };
  server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    const title = titles[path];
    if (title) {
      const body = { title, thumbnail_url: path === "/vimeo" ? `${fakeOrigin}/missing.png` : `${fakeOrigin}/picture.png` };
      return void response.setHeader("content-type", "application/json").end(JSON.stringify(body));
    }
    if (path === "/picture.png") return void response.setHeader("content-type", "image/png").end(picture);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(E2E_EMBED_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function creatorWithPlayers(page: Page) {
  const { slug } = await signUpCreator(page, "players");
  const ids: string[] = [];
  for (const link of LINKS) ids.push((await trpcMutation<{ id: string }>(page, "link.create", { title: link.title, url: link.url })).id);
  return { slug, ids };
}

test("a page with one player of each provider asks only its own server for anything until play is pressed", async ({ page, browser }) => {
  const { slug, ids } = await creatorWithPlayers(page);
  const visitor = await browser.newPage();
  const requests: string[] = [];
  visitor.on("request", (request) => requests.push(request.url()));
  // Whatever the page might ask elsewhere is refused here, so nothing leaves the machine even on failure.
  await visitor.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort());

  const response = await visitor.goto(`/${slug}`);
  for (const link of LINKS) {
    await expect(visitor.getByRole("button", { name: `Play ${link.name} on ${link.provider}` })).toBeVisible();
  }
  await expect(visitor.locator("iframe")).toHaveCount(0);
  // Our own copies of the pictures; the provider's tile where there is none (Vimeo's failed, Apple has no oEmbed).
  await expect(visitor.locator(".lb-embed-thumb")).toHaveCount(3);
  await expect(visitor.locator(".lb-embed-tile")).toHaveCount(3);
  for (const image of await visitor.locator(".lb-embed-thumb").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(64);
  }
  expect(requests.filter((url) => !url.startsWith("http://localhost"))).toEqual([]);

  const policy = response!.headers()["content-security-policy"]!;
  expect(policy).toContain(`frame-src ${FRAME_ORIGINS.join(" ")};`);

  // Pressing play: exactly one frame, of the provider's player origin, focused; the press is the link's click.
  await visitor.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }),
  );
  const beacon = visitor.waitForRequest(
    (request) => request.method() === "POST" && request.url().includes(`/api/v1/links/${ids[0]}/click/`),
  );
  await visitor.getByRole("button", { name: `Play ${LINKS[0]!.name} on YouTube` }).click();
  await beacon;
  const frame = visitor.locator("iframe");
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  await expect(frame).toHaveAttribute("allow", "autoplay; encrypted-media; fullscreen; picture-in-picture");
  await expect(frame).toHaveAttribute("title", `${LINKS[0]!.name} on YouTube`);
  await expect(frame).toBeFocused();
  expect(requests.filter((url) => !url.startsWith("http://localhost"))).toEqual([
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
  ]);
  await visitor.close();
});

test("on a phone a video player fills the width at 16:9 and an audio player keeps the provider's height", async ({ page, browser }) => {
  const { slug } = await creatorWithPlayers(page);
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await phone.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort());
  await phone.goto(`/${slug}`);
  const video = await phone.locator(".lb-embed-frame").first().boundingBox();
  expect(video!.width).toBeGreaterThan(300);
  expect(video!.width).toBeLessThanOrEqual(360);
  expect(Math.abs(video!.width / video!.height - 16 / 9)).toBeLessThan(0.02);
  const song = await phone.locator(".lb-embed-frame").nth(2).boundingBox();
  expect(song!.height).toBe(152);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();
});

test("the link editor says whether the link shows as a player, and the preview shows the stand-in", async ({ page }) => {
  await creatorWithPlayers(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Link" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Link" });
  await dialog.getByLabel("URL").fill("youtu.be/dQw4w9WgXcQ");
  const player = dialog.getByRole("switch", { name: "Show as player" });
  await expect(player).toBeChecked();
  await expect(
    dialog.getByText("Your page shows a YouTube player; nothing loads from YouTube until a visitor presses play."),
  ).toBeVisible();
  await player.click();
  await expect(dialog.getByText("Your page shows a button that opens the link.")).toBeVisible();
  await dialog.getByLabel("URL").fill("example.com");
  await expect(dialog.getByRole("switch", { name: "Show as player" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const preview = page.getByRole("figure", { name: "Preview of your page" });
  await expect(preview.getByRole("button", { name: `Play ${LINKS[0]!.name} on YouTube` })).toBeVisible();
  await expect(preview.locator("iframe")).toHaveCount(0);
});
