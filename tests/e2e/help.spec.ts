import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("the Help Center answers by topic, narrows as you type, says when nothing matches, and links into the app", async ({ page }) => {
  await signUpCreator(page, "helper");
  await page.goto("/help");
  await expect(page.getByText("The Help Center is being written")).toHaveCount(0);
  for (const topic of [
    "Getting started",
    "Links",
    "Design",
    "Sharing and QR codes",
    "Analytics and how counting works",
    "Account and security",
    "The API",
  ]) {
    await expect(page.getByRole("heading", { name: topic, level: 2 })).toBeVisible();
  }
  expect(await violations(page)).toEqual([]);

  const search = page.getByLabel("Search help");
  await search.fill("schedule");
  await expect(page.getByText(/^\d+ answers? found$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "How do I schedule a link?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How do I change my password?" })).toHaveCount(0);

  await search.fill("zebra unicorn");
  await expect(page.getByText("No answers match “zebra unicorn”. Try fewer or other words.")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(search).toHaveValue("");
  await expect(page.getByRole("heading", { name: "The API", level: 2 })).toBeVisible();

  await search.fill("insights");
  await page.getByRole("link", { name: "Open Insights →" }).first().click();
  await expect(page).toHaveURL(/\/insights$/);
});

test("the link editor with every section open passes axe", async ({ page }) => {
  await signUpCreator(page, "editoraxe");
  await trpcMutation(page, "link.create", { title: "Shop", url: "https://example.com/shop", utm_source: "bio" });
  await page.goto("/links");
  await page.getByRole("button", { name: "All settings for Shop" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Link" });
  await expect(dialog.getByLabel("UTM source")).toHaveValue("bio");
  await dialog.getByLabel("Start", { exact: true }).fill("2030-01-01T09:00");
  await expect(dialog.getByRole("button", { name: "Clear start" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the Help Center is readable signed out, as the landing page's link promises", async ({ page }) => {
  await page.goto("/help");
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { name: "Help Center" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  await page.getByLabel("Search help").fill("QR code");
  await expect(page.getByRole("heading", { name: "How do I get a QR code?" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
