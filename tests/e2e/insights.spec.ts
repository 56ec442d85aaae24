import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { devices, expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import superjson from "superjson";
import { finishOnboarding, signUp } from "./support";

const LINKS = [
  { title: "First", url: "example.com/1" },
  { title: "Second", url: "example.com/2" },
];

/** A new creator with a profile at `slug`, onboarding finished and `links` added through the API. */
async function creatorWithLinks(page: Page, slug: string, links = LINKS): Promise<void> {
  await signUp(page);
  const slugSaved = await page.request.post("/api/trpc/profile.updateSlug", { data: superjson.serialize({ slug }) });
  expect(slugSaved.ok()).toBe(true);
  await finishOnboarding(page);
  for (const link of links) {
    const created = await page.request.post("/api/trpc/link.create", { data: superjson.serialize(link) });
    expect(created.ok()).toBe(true);
  }
}

/** The iPhone 13 descriptor targets WebKit; Chromium plays the phone with the same screen and agent. */
const { defaultBrowserType: _webkit, ...iPhone } = devices["iPhone 13"];
const PHONE: BrowserContextOptions = iPhone;
const DESKTOP: BrowserContextOptions = { ...devices["Desktop Chrome"] };

/** A signed-out visitor opens the public page and follows every link through the confirmation dialog. */
/** One visitor from its own address (the e2e server trusts X-Forwarded-For): one address counts once per hour. */
async function visitAndClick(
  browser: Browser,
  baseURL: string,
  slug: string,
  device: BrowserContextOptions,
  address: string,
): Promise<void> {
  const context = await browser.newContext({ ...device, baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  // The links lead off-site; answer them locally so the test never needs the network.
  await context.route("https://example.com/**", (route) => route.fulfill({ contentType: "text/plain", body: "ok" }));
  const page = await context.newPage();
  await page.goto(`/u/${slug}`);
  for (const { title } of LINKS) {
    await page.locator("a[data-link-id]", { hasText: title }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: title });
    await expect(dialog).toBeVisible();
    const clickSent = page.waitForResponse((response) => /\/links\/[^/]+\/click\/?$/.test(new URL(response.url()).pathname));
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Open link" }).click();
    await (await popup).close();
    await clickSent.catch(() => undefined); // a beacon's answer is not always reported; the insights poll below waits anyway
    await expect(dialog).toBeHidden();
  }
  await context.close();
}

/** A batched tRPC request carrying Insights calls (the shell's own calls may share it). */
const isAnalyticsCall = (url: URL) => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("analytics.");

const card = (page: Page, label: string) => page.getByRole("group", { name: label }).locator("[data-stat-value]");
const section = (page: Page, title: string) => page.getByRole("region", { name: title });

async function cardNumber(page: Page, label: string): Promise<number> {
  return Number((await card(page, label).textContent())?.replace(/[^\d.]/g, ""));
}

test("a creator reads views, clicks, devices and links from two visitors, changes period and exports", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two visitors' eight requests, then every report several times over: slow on a busy 2-core machine.
  test.setTimeout(180_000);
  const slug = `insights_${randomUUID().slice(0, 8)}`;
  await creatorWithLinks(page, slug);
  // The owner's own visit is not counted.
  await page.goto(`/u/${slug}`);

  await visitAndClick(browser, baseURL!, slug, PHONE, "198.51.100.1");
  await visitAndClick(browser, baseURL!, slug, DESKTOP, "198.51.100.2");

  // The first view's reports come with the page: they show while every call the browser could make is held.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isAnalyticsCall, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(card(page, "Total Views")).toBeVisible();
  await expect(page.getByText("Loading analytics...")).toHaveCount(0);
  release();
  await page.unroute(isAnalyticsCall);

  // Events are written in small batches: read the page again until every click has arrived.
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Total Clicks")).toHaveText("4", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await cardNumber(page, "Total Views")).toBeGreaterThanOrEqual(2);
  expect(await cardNumber(page, "Unique Visitors")).toBeGreaterThanOrEqual(2);
  await expect(card(page, "Click Rate")).toHaveText(/^\d+(\.\d)?%$/);

  const devicesLegend = section(page, "Devices").getByRole("list", { name: "Devices legend" });
  await expect(devicesLegend.getByRole("listitem").filter({ hasText: "Mobile" })).toBeVisible();
  await expect(devicesLegend.getByRole("listitem").filter({ hasText: "Desktop" })).toBeVisible();

  const topLinks = section(page, "Top Links");
  await expect(topLinks.getByRole("meter", { name: "First share of clicks" })).toBeVisible();
  await expect(topLinks.getByRole("meter", { name: "Second share of clicks" })).toBeVisible();

  const table = section(page, "Link Performance").getByRole("table");
  for (const name of ["Link", "Clicks", "Unique Clicks", "CTR", "Trend"]) {
    await expect(table.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  for (const { title } of LINKS) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
    await expect(row.getByRole("cell").first()).toHaveText("2");
  }
  await expect(section(page, "Top Locations")).toBeVisible();
  await expect(section(page, "Traffic Overview")).toBeVisible();

  // Changing the period loads all five again for that period; the axis follows it.
  const period = page.getByLabel("Time period");
  await expect(period).toHaveValue("7");
  for (const [label, days, tick] of [
    ["Last 30 days", 30, /^[A-Z][a-z]{2} \d{1,2}$/],
    // Days name their dates, also over a week (issue 39 item 2).
    ["Last 7 days", 7, /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}$/],
  ] as const) {
    const reloaded = page.waitForRequest(
      (request) => request.url().includes("analytics.overview") && decodeURIComponent(request.url()).includes(`"days":${days}`),
    );
    await period.selectOption({ label });
    await reloaded;
    await expect(
      page.getByTestId("traffic-chart").locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").first(),
    ).toHaveText(tick);
  }
  await expect(card(page, "Total Clicks")).toHaveText("4");

  // Export offers CSV and JSON; CSV downloads the selected period.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "CSV (spreadsheet)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
  expect(lines[0]).toBe("Date,Views,Clicks");
  expect(lines).toContain("Link,Clicks,Unique Clicks,CTR (%),Trend (%)");

  // On a phone everything stacks in one column and only the table scrolls sideways. The charts take
  // the new width when their resize observers report it, a frame or more after the viewport changes.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(section(page, "Link Performance")).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // /analytics is the same screen.
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(card(page, "Total Clicks")).toHaveText("4");
});

test("links nobody has clicked yet are listed in the table but not ranked in Top Links", async ({ page }) => {
  await creatorWithLinks(page, `quiet_${randomUUID().slice(0, 8)}`, [{ title: "Quiet link", url: "https://example.com/quiet" }]);
  await page.goto("/insights");
  await expect(page.getByText("No link data yet", { exact: true })).toBeVisible();
  await expect(page.getByRole("table").getByText("Quiet link")).toBeVisible();
});

test("a new creator sees zeros and the empty texts, also on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await creatorWithLinks(page, `empty_${randomUUID().slice(0, 8)}`, []);
  await page.goto("/insights");
  for (const label of ["Total Views", "Total Clicks", "Unique Visitors"]) await expect(card(page, label)).toHaveText("0");
  await expect(card(page, "Click Rate")).toHaveText("0%");
  for (const text of ["No link data yet", "No device data yet", "No location data yet", "No link performance data available"]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  // One column: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("when analytics fail to load, the failure is only logged and the cards stay at zero", async ({ page }) => {
  await creatorWithLinks(page, `broken_${randomUUID().slice(0, 8)}`, []);
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  // Every analytics call in a batch answers with a server error; the shell's calls pass through.
  await page.route(isAnalyticsCall, async (route) => {
    const response = await route.fetch();
    const results = (await response.json()) as unknown[];
    const procedures = decodeURIComponent(new URL(route.request().url()).pathname.slice("/api/trpc/".length)).split(",");
    const failure = { error: { json: { message: "down", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } } };
    const body = procedures.map((name, index) => (name.startsWith("analytics.") ? failure : results[index]));
    await route.fulfill({ response, status: 207, json: body });
  });
  // The first view came with the page; the next period is read by the browser, and fails.
  await page.goto("/insights");
  await expect(card(page, "Total Views")).toHaveText("0", { timeout: 30_000 });
  await page.getByLabel("Time period").selectOption({ label: "Last 30 days" });
  await expect(card(page, "Total Views")).toHaveText("0");
  await expect(card(page, "Total Clicks")).toHaveText("0");
  await expect.poll(() => logged.some((text) => text.includes("Failed to load analytics"))).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: /failed/i })).toHaveCount(0);
});
