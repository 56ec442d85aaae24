import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { buttonBoundary, settled } from "./contrast-support";
import { forgetSession, newEmail, PASSWORD } from "./support";

/** The text a QR code on screen holds, read from its pixels. */
function decodeQr(bytes: Buffer): string | undefined {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** A moment `minutes` from now as a datetime-local value and as the badge prints it, in the browser's time zone. */
function localMoment(page: Page, minutes: number) {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return {
      input: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`,
      shown: date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
    };
  }, minutes);
}

async function contrastViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "a 390 px phone", viewport: { width: 390, height: 844 } },
] as const;

for (const device of DEVICES) {
  test(`the first hour of a new creator on ${device.name}`, async ({ page, context, browser, baseURL }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(device.viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    // Sign up: a common password is refused (item 9); without Google configured there is no Google button (item 7).
    await page.goto("/register", { waitUntil: "networkidle" });
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await page.getByLabel("Email").fill(newEmail("firsthour"));
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm password").fill("password123");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("This password is too common");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();

    // The username step: left-out characters are a note, "admin" is reserved, and the way out says 'Sign out' (item 7).
    const username = page.getByLabel("Username");
    await username.fill("Maya Test!");
    await expect(username).toHaveValue("mayatest");
    await expect(page.getByText('Left out spaces and "!": a username holds only letters, numbers, underscores and hyphens.')).toBeVisible();
    await expect(page.getByText(/can only contain/)).toHaveCount(0);
    await username.fill("admin");
    await expect(page.getByText("This username is reserved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go back to login" })).toHaveCount(0);
    const slug = `maya_${randomUUID().slice(0, 6)}`;
    await username.fill(slug);
    await expect(page.getByText(`✓ ${slug} is available`)).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/onboarding\/goals$/);
    await page.getByText("Creator", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/pro$/);
    await page.getByRole("link", { name: "Skip", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.getByRole("button", { name: "Continue with Free" }).click();
    await expect(page).toHaveURL(/\/onboarding\/templates$/);
    // The template with white glassy buttons, whose wallpaper is switched later.
    await page.getByRole("button", { name: "Gradient Dream" }).click();
    await expect(page).toHaveURL(/\/onboarding\/platforms$/);
    await page.getByRole("button", { name: /^Website/ }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/add-links\?platforms=/);
    await page.getByLabel("Website").fill("maya.example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/profile$/);
    await page.getByLabel("Display name").fill("Maya Test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/complete$/);
    await page.getByRole("button", { name: "Continue building" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Add a link with a schedule, entered in the creator's time zone: it is marked Scheduled and stays off the page (item 3).
    await page.getByRole("button", { name: "Add Link" }).first().click();
    const add = page.getByRole("dialog", { name: "Add New Link" });
    await add.getByLabel("Title").fill("Spring sale");
    await add.getByLabel("URL").fill("shop.example.com/spring");
    const start = await localMoment(page, 60);
    await add.getByLabel("Start", { exact: true }).fill(start.input);
    await add.getByRole("button", { name: "Add Link" }).click();
    await expect(add).toBeHidden();
    const saleRow = page.getByTestId("link-row").filter({ hasText: "Spring sale" });
    await expect(saleRow.getByText(`Scheduled · starts ${start.shown}`)).toBeVisible();

    // Share: the address shown and copied is the server's own origin with its scheme, and it opens (item 1).
    await page.goto("/links");
    const address = `${baseURL}/${slug}`;
    await expect(page.getByRole("link", { name: address })).toBeVisible();
    await page.getByRole("button", { name: "Copy Link" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const visitor = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
    });
    const tab = await visitor.newPage();
    const opened = await tab.goto(address);
    expect(opened?.status()).toBe(200);
    await expect(tab.getByRole("heading", { name: "Maya Test" })).toBeVisible();
    await expect(tab.getByRole("link", { name: "Website" })).toBeVisible();
    await expect(tab.getByRole("link", { name: "Spring sale" })).toHaveCount(0);

    // The Share panel's QR preview is drawn and scans to the same address (item 2).
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Share your page" });
    await expect(panel.getByLabel("Page address")).toHaveValue(address);
    const preview = panel.getByRole("img", { name: `QR code that opens ${address}` });
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(decodeQr(await preview.screenshot())).toBe(`${address}?ref=qr`);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    // Switch the template's wallpaper to Pattern and to None: text and buttons stay readable (item 5).
    await page.goto("/design");
    await page.getByRole("tab", { name: "Wallpaper" }).click();
    for (const wallpaper of ["Pattern", "None"]) {
      await page.getByRole("button", { name: wallpaper, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Changes saved automatically" }).first()).toBeVisible();
      await tab.goto(address);
      await expect(tab.getByRole("heading", { name: "Maya Test" })).toBeVisible();
      expect(await contrastViolations(tab), wallpaper).toEqual([]);
      expect(await buttonBoundary(tab), `the glassy buttons stand out on ${wallpaper}`).toBeGreaterThanOrEqual(3);
    }
    await visitor.close();

    // Read Insights: the visitor's view has arrived.
    await expect(async () => {
      await page.goto("/insights");
      await expect(page.getByRole("group", { name: "Total Views" }).locator("[data-stat-value]")).not.toHaveText("0", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // Help that helps: searchable, with links into the app (item 10).
    await page.goto("/help");
    await page.getByLabel("Search help").fill("QR code");
    await expect(page.getByRole("heading", { name: "How do I get a QR code?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How do I change my password?" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.viewport.width);
    await forgetSession(page);
  });
}
