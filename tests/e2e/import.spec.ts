import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_IMPORT_PORT } from "../../playwright.config";
import { linktreePage, png } from "../integration/import-fixtures";
import { signUp, signUpCreator, trpcMutation, trpcQuery } from "./support";

const origin = `http://127.0.0.1:${E2E_IMPORT_PORT}`;
// The fixture server takes one port, so this file's tests run in one worker, in order, rather than
// a beforeAll in each parallel worker racing for it.
test.describe.configure({ mode: "default" });
let server: Server;
const served: string[] = [];

test.beforeAll(async () => {
  const avatar = await png("#cc3366", 32);
  const thumbnail = await png("#3366cc", 24);
  server = createServer((request, response) => {
    served.push(request.url ?? "");
    if (request.url === "/maya") return void response.setHeader("content-type", "text/html").end(linktreePage(origin));
    if (request.url === "/images/avatar.png") return void response.setHeader("content-type", "image/png").end(avatar);
    if (request.url === "/images/ep.png") return void response.setHeader("content-type", "image/png").end(thumbnail);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(E2E_IMPORT_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("imports a Linktree page from the links manager: preview, untick items, confirm", async ({ page }) => {
  const { slug } = await signUpCreator(page, "importer");
  await page.goto("/links");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/import$/);
  await expect(page.getByRole("heading", { name: "Import your page" })).toBeVisible();

  await page.getByLabel("Linktree page address").fill(`${origin}/maya`);
  await page.getByRole("button", { name: "Preview import" }).click();

  // The preview: profile fields and links, each with its checkbox, nothing written yet.
  await expect(page.getByRole("heading", { name: "Links (7 of 7)" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Maya Sounds/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Old merch store.*Inactive/ })).toBeVisible();
  await expect(page.getByText(/Sneaky.*Please enter a valid URL/)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id),
  ).toEqual([]);

  await page.getByRole("checkbox", { name: /Tour dates, Berlin, Paris/ }).uncheck();
  await page.getByRole("checkbox", { name: /Producer & DJ/ }).uncheck();
  await expect(page.getByRole("heading", { name: "Links (6 of 7)" })).toBeVisible();
  await expect(page.getByRole("radio", { name: new RegExp(`My current page \\(@${slug}\\)`) })).toBeChecked();
  await page.getByRole("button", { name: "Import 6 links" }).click();

  await expect(page).toHaveURL(/\/links$/);
  const list = page.getByRole("region", { name: "Your links" }).or(page.locator("main"));
  for (const title of ["Music", "New EP, on every platform", "Old merch store", "Instagram", "YouTube", "Email"]) {
    await expect(list.getByText(title, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Tour dates, Berlin, Paris")).toHaveCount(0);

  // The public page shows the imported avatar from this app's own assets, never the other site.
  const before = served.length;
  await page.goto(`/u/${slug}`);
  await expect(page.getByRole("heading", { name: "Maya Sounds" })).toBeVisible();
  const avatarSrc = await page.locator("img").first().getAttribute("src");
  expect(avatarSrc).toMatch(/^\/api\/assets\/[0-9a-f]{64}/);
  await expect(page.getByText("Producer & DJ — new EP out now")).toHaveCount(0);
  expect(served.length).toBe(before);
});

test("refuses a private address with the reason, and the form stays usable", async ({ page }) => {
  await signUpCreator(page, "ssrf");
  await page.goto("/import");
  await page.getByLabel("Linktree page address").fill("http://169.254.169.254/latest/meta-data/");
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("This address is not on the public internet, so it is not fetched")).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview import" })).toBeEnabled();
});

test("reads a saved Linktree page chosen as a file, without fetching the page", async ({ page }) => {
  await signUpCreator(page, "saved");
  await page.goto("/import");
  const before = served.length;
  await page.getByLabel("Or choose the saved page").setInputFiles({
    name: "maya.html",
    mimeType: "text/html",
    buffer: Buffer.from(linktreePage(origin)),
  });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "Links (7 of 7)" })).toBeVisible();
  expect(served.slice(before)).toEqual([]);
});

test("the dashboard opens the import, and it fits a phone screen", async ({ page }) => {
  await signUpCreator(page, "dash");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/import$/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("radio", { name: "CSV file" }).check();
  await expect(page.getByLabel("CSV file file")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("onboarding's add-links step imports a CSV file, then goes on to the profile step", async ({ page }) => {
  await signUp(page);
  await trpcMutation(page, "profile.updateSlug", { slug: `onb_${randomUUID().slice(0, 6)}` });
  await page.goto("/onboarding/add-links");
  await page.getByRole("link", { name: "Import your page" }).click();
  await expect(page).toHaveURL(/\/onboarding\/import$/);
  await page.getByRole("radio", { name: "CSV file" }).check();
  await page.getByLabel("CSV file file").setInputFiles({
    name: "links.csv",
    mimeType: "text/csv",
    buffer: Buffer.from('\uFEFFtitle,url\n"Shop, new",https://shop.example.com\nBlog,https://blog.example.com\n'),
  });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "Links (2 of 2)" })).toBeVisible();
  await page.getByRole("checkbox", { name: /Blog/ }).uncheck();
  await page.getByRole("button", { name: "Import 1 link" }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  const links = await trpcQuery<{ title: string }[]>(page, "link.list");
  expect(links.map((link) => link.title)).toEqual(["Shop, new"]);
});
