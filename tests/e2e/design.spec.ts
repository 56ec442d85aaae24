import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import superjson from "superjson";
import { finishOnboarding, signUp } from "./support";

function uniqueSlug(label: string): string {
  return `${label}_${randomUUID().slice(0, 8)}`;
}

async function trpcPost(page: Page, path: string, input: unknown): Promise<void> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: superjson.serialize(input) });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
}

/** A new account whose profile lives at `slug`, onboarding finished, with the given links. */
async function signInWithProfile(page: Page, slug: string, links: string[] = []): Promise<void> {
  await signUp(page);
  await trpcPost(page, "profile.updateSlug", { slug });
  await finishOnboarding(page);
  for (const title of links) await trpcPost(page, "link.create", { title, url: `${title.toLowerCase()}.com` });
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();
const preview = (page: Page) => page.getByRole("figure", { name: "Preview of your page" });
const group = (page: Page, name: string) => page.getByRole("group", { name });
const css = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function waitForAutosave(page: Page): Promise<void> {
  await expect(toast(page, "Changes saved automatically")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeHidden();
}

test("design edits show in the preview, autosave, and the public page renders them", async ({ page }) => {
  const slug = uniqueSlug("design");
  await signInWithProfile(page, slug, ["A", "B"]);
  await page.goto("/design");

  await expect(page.getByRole("link", { name: /Back to Dashboard/ })).toHaveAttribute("href", "/dashboard");
  const profileTab = page.getByRole("tab", { name: "Profile" });
  await expect(profileTab).toHaveAttribute("aria-selected", "true");
  // The creator's own links, not the samples.
  await expect(preview(page).getByRole("link", { name: "A", exact: true })).toBeVisible();
  await expect(preview(page).getByRole("link", { name: "B", exact: true })).toBeVisible();
  await expect(preview(page).getByRole("link", { name: "My Website" })).toHaveCount(0);

  // Arrow keys move through the tabs.
  await profileTab.focus();
  await page.keyboard.press("ArrowDown");
  const wallpaperTab = page.getByRole("tab", { name: "Wallpaper" });
  await expect(wallpaperTab).toBeFocused();
  await expect(wallpaperTab).toHaveAttribute("aria-selected", "true");

  await group(page, "Wallpaper Type").getByRole("button", { name: "Gradient" }).click();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Now" })).toBeVisible();
  await expect(page.getByLabel("Angle")).toHaveValue("135");
  expect(await css(preview(page).locator(".lb-wallpaper"), "background-image")).toContain("linear-gradient");

  await page.getByRole("tab", { name: "Style" }).click();
  await group(page, "Button Style").getByRole("button", { name: "Outline" }).click();
  await group(page, "Button Shape").getByRole("button", { name: "Pill" }).click();
  await group(page, "Font Family").getByRole("button", { name: "Poppins" }).click();
  await group(page, "Link Spacing").getByRole("button", { name: "Spacious" }).click();
  await expect(group(page, "Link Spacing").getByRole("button", { name: "Spacious" })).toHaveAttribute("aria-pressed", "true");

  // The preview is the public renderer fed with the unsaved state.
  const previewButton = preview(page).locator(".lb-links a").first();
  expect(parseFloat(await css(previewButton, "border-top-left-radius"))).toBeGreaterThanOrEqual(9999);
  expect(await css(preview(page).locator(".lb-links"), "row-gap")).toBe("20px");

  await waitForAutosave(page);

  await page.goto(`/u/${slug}`);
  const button = page.locator(".lb-links a[data-link-id]").first();
  await expect(button).toHaveText("A");
  expect(parseFloat(await css(button, "border-top-left-radius"))).toBeGreaterThanOrEqual(9999);
  expect(await css(button, "background-color")).toBe("rgba(0, 0, 0, 0)");
  expect(await css(button, "background-image")).toBe("none");
  expect(await css(button, "font-family")).toContain("Poppins");
  expect(await css(page.locator(".lb-links"), "row-gap")).toBe("20px");
  expect(await css(page.locator(".lb-wallpaper"), "background-image")).toContain("linear-gradient");

  // Back in the editor, the saved state is what loads.
  await page.goto("/design");
  await page.getByRole("tab", { name: "Style" }).click();
  await expect(group(page, "Button Style").getByRole("button", { name: "Outline" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Unsaved changes")).toBeHidden();
});

test("a file that only claims to be an image is refused before upload (the server refuses it too) and changes nothing", async ({
  page,
}) => {
  const slug = uniqueSlug("disguise");
  await signInWithProfile(page, slug, ["A"]);
  await page.goto("/design");
  await page.getByRole("tab", { name: "Wallpaper" }).click();
  await group(page, "Wallpaper Type").getByRole("button", { name: "Image" }).click();
  await page
    .getByLabel("Upload image")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });

  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "This file is not an image, whatever its name says. Please choose a PNG, JPG, GIF or WebP file." }),
  ).toBeVisible();
  await expect(toast(page, "Changes saved automatically")).toBeHidden();
  await expect(page.getByRole("button", { name: "Remove Image" })).toBeHidden();
  await expect(page.getByText("Unsaved changes")).toBeHidden();
  expect(await css(preview(page).locator(".lb-wallpaper"), "background-image")).toBe("none");

  const response = await page.request.get("/api/trpc/design.get");
  const design = superjson.deserialize<{ background_image_url: string | null }>((await response.json()).result.data);
  expect(design.background_image_url).toBeNull();
  await page.goto(`/u/${slug}`);
  expect(await css(page.locator(".lb-wallpaper"), "background-image")).toBe("none");
});

test("profile fields: bio counter, a taken username shown inline, then saved under a free one", async ({ page, browser }) => {
  const taken = uniqueSlug("taken");
  const other = await browser.newContext();
  await signInWithProfile(await other.newPage(), taken);
  await other.close();

  const slug = uniqueSlug("mine");
  await signInWithProfile(page, slug);
  await page.goto("/design");
  await page.getByLabel("Display Name").fill("Ada Lovelace");
  await page.getByLabel("Bio").fill("Hello");
  await expect(page.getByText("5/500 characters")).toBeVisible();
  await expect(preview(page).getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Hide footer" })).toHaveAttribute("aria-checked", "false");
  await expect(preview(page).getByText("Powered by")).toBeVisible();
  await page.getByRole("switch", { name: "Hide footer" }).click();
  await expect(preview(page).getByText("Powered by")).toBeHidden();

  await page.getByLabel("Username").fill(taken.toUpperCase());
  await expect(page.getByLabel("Username")).toHaveValue(taken);
  await expect(page.getByText("This username is already taken")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  const fresh = uniqueSlug("fresh");
  await page.getByLabel("Username").fill(fresh);
  await expect(page.getByText("This username is already taken")).toBeHidden();
  await page.getByRole("button", { name: "Save Now" }).click();
  await waitForAutosave(page);

  await page.goto(`/u/${fresh}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText("Hello")).toBeVisible();
  await expect(page.getByText("Powered by")).toBeHidden();
});

test("the colour field tells the truth: the server's message for text that is no colour, and the swatch keeps the last valid colour", async ({
  page,
}) => {
  await signInWithProfile(page, uniqueSlug("swatch"), ["A"]);
  await page.goto("/design");
  await page.getByRole("tab", { name: "Wallpaper" }).click();
  const text = page.getByLabel("Background Color", { exact: true });
  const swatch = page.getByLabel("Background Color picker");
  await text.fill("tomato");
  await expect(swatch).toHaveValue("#ff6347");
  await text.fill("notacolor");
  await expect(page.getByText("Enter a colour such as #6366f1, rgb(99 102 241), hsl(239 84% 67%) or a colour name")).toBeVisible();
  await expect(text).toHaveAttribute("aria-invalid", "true");
  await expect(swatch).toHaveValue("#ff6347");
  await text.fill("hsl(120 100% 25%)");
  await expect(page.getByText(/^Enter a colour such as/)).toHaveCount(0);
  await expect(swatch).toHaveValue("#008000");
});

test("a colour that is not a CSS colour is explained at its field and never saved or rendered", async ({ page }) => {
  const slug = uniqueSlug("colour");
  await signInWithProfile(page, slug, ["A"]);
  const tracked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("tracker.invalid")) tracked.push(request.url());
  });
  await page.goto("/design");
  await page.getByRole("tab", { name: "Style" }).click();

  const buttonColor = page.getByLabel("Button Color", { exact: true });
  await buttonColor.fill("red;background:url(http://tracker.invalid/c)");
  const message = page.getByText("Enter a colour such as #6366f1, rgb(99 102 241), hsl(239 84% 67%) or a colour name");
  await expect(message).toBeVisible();
  await expect(buttonColor).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  // The preview keeps the default colour rather than the typed text.
  expect(await css(preview(page).locator(".lb-links a").first(), "background-color")).toBe("rgb(99, 102, 241)");

  // The server refuses it too, with the same words at the field.
  const refused = await page.request.post("/api/trpc/design.save", {
    data: superjson.serialize({ button_color: "red;position:fixed;inset:0;z-index:99999" }),
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.json.data.fieldErrors).toEqual({ button_color: [await message.innerText()] });

  await buttonColor.fill("rgb(255 0 0)");
  await expect(message).toBeHidden();
  await waitForAutosave(page);
  await page.goto(`/u/${slug}`);
  expect(await css(page.locator(".lb-links a[data-link-id]").first(), "background-color")).toBe("rgb(255, 0, 0)");
  expect(tracked).toEqual([]);
});
