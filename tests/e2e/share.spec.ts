import { readFile } from "node:fs/promises";
import { devices, expect, test } from "@playwright/test";
import { Resvg } from "@resvg/resvg-js";
import { DOMParser } from "@xmldom/xmldom";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { signUpCreator } from "./support";

/** The text a QR code image holds, read from its pixels as a phone's camera would. */
function decodeQr(bytes: Buffer): string | undefined {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

test("a creator downloads the QR code, a visitor scans it, and Insights shows the visit under QR code", async ({
  page,
  browser,
  baseURL,
}) => {
  const { slug } = await signUpCreator(page, "share");
  await page.goto("/links");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Share your page" });
  await expect(panel.getByLabel("Page address")).toHaveValue(`${baseURL}/${slug}`);
  // The preview is drawn (a broken image has no natural size) and scans from the screen.
  const preview = panel.getByRole("img", { name: /^QR code that opens / });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  expect(decodeQr(await preview.screenshot())).toBe(`${baseURL}/${slug}?ref=qr`);

  await panel.getByLabel("Download size").selectOption("256");
  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Download PNG" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}-qr-256.png`);
  const bytes = await readFile(await download.path());
  expect(PNG.sync.read(bytes).width).toBe(256);
  const target = decodeQr(bytes);
  expect(target).toBe(`${baseURL}/${slug}?ref=qr`);

  // A visitor scans it: the page opens, the marker leaves the address bar, other parameters stay.
  const visitor = await browser.newContext({ ...devices["Pixel 7"], extraHTTPHeaders: { "x-forwarded-for": "198.51.100.41" } });
  const phone = await visitor.newPage();
  await phone.goto(target!);
  await expect(phone).toHaveURL(`${baseURL}/${slug}`);
  await phone.goto(`${baseURL}/u/${slug}?utm_source=flyer&ref=qr#links`);
  await expect(phone).toHaveURL(`${baseURL}/u/${slug}?utm_source=flyer#links`);
  await visitor.close();

  const referrers = page.getByRole("region", { name: "Top Referrers" });
  await expect(async () => {
    await page.goto("/insights");
    await expect(referrers.getByText("QR code", { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass();
});

test("the share panel works by keyboard on a phone-sized dashboard, in the page's colours too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { slug } = await signUpCreator(page, "sharekb");
  await page.goto("/dashboard");
  const share = page.getByRole("button", { name: "Share", exact: true });
  await share.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Share your page" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("img", { name: `QR code that opens http://localhost:${new URL(page.url()).port}/${slug}` })).toBeVisible();
  // Without a share sheet (desktop Chromium) there is no Share… button.
  await expect(panel.getByRole("button", { name: "Share…" })).toHaveCount(0);

  const colours = panel.getByRole("switch", { name: "Use my page's colours" });
  await colours.focus();
  await page.keyboard.press("Space");
  await expect(colours).toBeChecked();
  await expect(panel.getByRole("img", { name: /^QR code that opens / })).toBeVisible();
  // The default page is near-black on white: the switch says why the code looks the same.
  await expect(panel.getByText("Your page's colours are close to black on white, so the code looks much the same.")).toBeVisible();
  for (const name of ["Download SVG", "Download PNG"]) await expect(panel.getByRole("button", { name })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Download SVG" }).click();
  const svg = await readFile(await (await downloading).path(), "utf8");
  const root = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(svg, "image/svg+xml").documentElement!;
  expect([root.getAttribute("width"), root.getAttribute("height")]).toEqual(["512", "512"]);
  expect(decodeQr(new Resvg(svg).render().asPng())).toBe(`http://localhost:${new URL(page.url()).port}/${slug}?ref=qr`);

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(share).toBeFocused();
});
