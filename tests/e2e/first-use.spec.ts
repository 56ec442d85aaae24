import { expect, test, type Locator, type Page } from "@playwright/test";
import { newEmail, PASSWORD, signUp, signUpCreator, trpcMutation } from "./support";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function seedLinks(page: Page, count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    await trpcMutation(page, "link.create", { title: `Link number ${index}`, url: `https://example.com/${index}` });
  }
}

test.describe("Small things a new user runs into", () => {
  test("the username step says which characters it left out, as information and not as an error about the value shown", async ({
    page,
  }) => {
    await signUp(page);
    const username = page.getByLabel("Username");
    await username.fill("Maya Test!");
    await expect(username).toHaveValue("mayatest");
    await expect(page.getByText('Left out spaces and "!": a username holds only letters, numbers, underscores and hyphens.')).toBeVisible();
    await expect(page.getByText(/can only contain/)).toHaveCount(0);
    await expect(username).not.toHaveAttribute("aria-invalid", "true");
    await username.fill("maya-shop_1");
    await expect(username).toHaveValue("maya-shop_1");
    await expect(page.getByText(/Left out/)).toHaveCount(0);
  });

  test("a reserved username says it is reserved, not taken", async ({ page }) => {
    await signUp(page);
    await page.getByLabel("Username").fill("admin");
    await expect(page.getByText("This username is reserved")).toBeVisible();
    await expect(page.getByText("This username is already taken")).toHaveCount(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("This username is reserved")).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("the username step offers 'Sign out' (not 'Go back to login'), which stays on the host the user is on", async ({
    page,
    baseURL,
  }) => {
    // The app's own origin is localhost; this user came in by address instead.
    const otherHost = baseURL!.replace("localhost", "127.0.0.1");
    await page.goto(`${otherHost}/register`);
    await page.getByLabel("Email").fill(newEmail("host"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go back to login" })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${otherHost}/login`);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });

  test("a failed Google sign-up is reported on /register in sign-up words", async ({ page }) => {
    await page.goto("/register?error=OAuthSignin");
    await expect(page.getByText("Google signup failed. Please try again.")).toBeVisible();

    // next-auth sends every failed round trip to /login; one begun on /register goes back there.
    await page.goto("/login?callbackUrl=%2Fregister&error=OAuthCallback");
    await expect(page).toHaveURL(/\/register\?error=OAuthCallback$/);
    await expect(page.getByText("Google signup failed. Please try again.")).toBeVisible();

    await page.goto("/login?callbackUrl=%2Fdashboard&error=OAuthCallback");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText("Google login failed. Please try again.")).toBeVisible();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`the link modal's buttons stay in view with UTM open at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpCreator(page, "utm");
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Add Link" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add New Link" });
      await dialog.getByRole("button", { name: /UTM parameters/ }).click();
      await expect(dialog.getByLabel("UTM content")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Add Link" })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });

      // Typing into the last field keeps the actions reachable too.
      await dialog.getByLabel("Title").fill("Spring sale");
      await dialog.getByLabel("URL", { exact: true }).fill("example.com/sale");
      await dialog.getByLabel("UTM content").fill("bio_link");
      await expect(dialog.getByRole("button", { name: "Add Link" })).toBeInViewport({ ratio: 1 });
      await dialog.getByRole("button", { name: "Add Link" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("link", { name: /example\.com\/sale/ }).first()).toBeVisible();
    });

    test(`a success toast never covers the page's primary button at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpCreator(page, "toast");
      await page.goto("/dashboard");
      const addLink = page.getByRole("button", { name: "Add Link" }).first();
      await addLink.click();
      const dialog = page.getByRole("dialog", { name: "Add New Link" });
      await dialog.getByLabel("Title").fill("Shop");
      await dialog.getByLabel("URL", { exact: true }).fill("example.com/shop");
      await dialog.getByRole("button", { name: "Add Link" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Link added successfully" });
      await expect(toast).toBeVisible();
      expect(overlaps(await box(toast), await box(addLink))).toBe(false);
    });
  }

  test("the sidebar's background reaches the bottom of a long page", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUpCreator(page, "sidebar");
    await seedLinks(page, 25);
    await page.goto("/dashboard");
    await expect(page.getByText("Link number 25")).toBeVisible();
    const documentHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(documentHeight).toBeGreaterThan(DESKTOP.height * 1.5);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const { y, height } = await box(sidebar);
    expect(y).toBeLessThanOrEqual(0);
    expect(y + height).toBeGreaterThanOrEqual(DESKTOP.height);
    // What shows at the bottom-left corner is the sidebar itself, on its own white background.
    const cornerInSidebar = await page.evaluate(() => {
      const corner = document.elementFromPoint(8, window.innerHeight - 2);
      const aside = document.querySelector('aside[aria-label="Sidebar"]');
      return Boolean(aside && corner && aside.contains(corner)) && getComputedStyle(aside!).backgroundColor === "rgb(255, 255, 255)";
    });
    expect(cornerInSidebar).toBe(true);
  });

  test("settings switches that save at once come without a Save button", async ({ page }) => {
    await signUpCreator(page, "switches");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("switch", { name: "Monthly Reports" })).toBeVisible();
    await expect(page.getByText("Changes are saved as you make them.")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("button")).toHaveCount(0);

    // Privacy's one button downloads the account's data; nothing there waits for a Save.
    await page.getByRole("tab", { name: "Privacy" }).click();
    await expect(page.getByRole("switch", { name: "Show Click Statistics" })).toBeVisible();
    await expect(page.getByText("Changes are saved as you make them.")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("button")).toHaveText(["Download my data"]);
  });
});
