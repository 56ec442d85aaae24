import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import superjson from "superjson";
import { finishOnboarding, signUp } from "./support";

const LINKS = [
  { title: "First", url: "example.com/1" },
  { title: "Second", url: "example.com/2" },
];

const { defaultBrowserType: _webkit, ...iPhone } = devices["iPhone 13"];
const PHONE: BrowserContextOptions = iPhone;
const DESKTOP: BrowserContextOptions = { ...devices["Desktop Chrome"] };

async function creatorWithLinks(page: Page, slug: string): Promise<void> {
  await signUp(page);
  const slugSaved = await page.request.post("/api/trpc/profile.updateSlug", { data: superjson.serialize({ slug }) });
  expect(slugSaved.ok()).toBe(true);
  await finishOnboarding(page);
  for (const link of LINKS) {
    const created = await page.request.post("/api/trpc/link.create", { data: superjson.serialize(link) });
    expect(created.ok()).toBe(true);
  }
}

/**
 * One visitor: arrives from `referrer` at the page's address with `query` (its UTM tags), from its
 * own address (the e2e server trusts X-Forwarded-For; 8.8.8.8 is in the United States and
 * 81.2.69.142 in the United Kingdom), and opens the first link.
 */
async function visit(
  browser: Browser,
  baseURL: string,
  slug: string,
  device: BrowserContextOptions,
  address: string,
  referrer: string,
  query: string,
) {
  const context = await browser.newContext({ ...device, baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  await context.route("https://example.com/**", (route) => route.fulfill({ contentType: "text/plain", body: "ok" }));
  const page = await context.newPage();
  await page.goto(`/u/${slug}?${query}`, { referer: referrer });
  await page.locator("a[data-link-id]", { hasText: "First" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "First" });
  const clickSent = page.waitForResponse((response) => /\/links\/[^/]+\/click\/?$/.test(new URL(response.url()).pathname));
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Open link" }).click();
  await (await popup).close();
  await clickSent.catch(() => undefined);
  await context.close();
}

const card = (page: Page, label: string) => page.getByRole("group", { name: label }).locator("[data-stat-value]");
const section = (page: Page, title: string) => page.getByRole("region", { name: title });

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("two visitors from different referrers and campaigns, then breakdowns, a country filter kept in the address, and one link's detail", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two visitors, ten reports, a filter, a reload, a detail and an export: slow on a busy 2-core machine.
  test.setTimeout(240_000);
  const slug = `depth_${randomUUID().slice(0, 8)}`;
  await creatorWithLinks(page, slug);
  await visit(
    browser,
    baseURL!,
    slug,
    DESKTOP,
    "8.8.8.8",
    "https://l.instagram.com/",
    "utm_source=newsletter&utm_medium=email&utm_campaign=spring",
  );
  await visit(browser, baseURL!, slug, PHONE, "81.2.69.142", "https://www.google.com/", "utm_source=google");

  await page.goto("/insights");
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Total Clicks")).toHaveText("2", { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(card(page, "Total Views")).toHaveText("2");
  await expect(card(page, "Visitors Who Clicked")).toHaveText("100%");
  await expect(page.getByText("Clicks per view: passes 100% when visitors open several links.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Live: last 30 minutes" }).locator("[data-live-views]")).toHaveText("2", {
    timeout: 20_000,
  });

  // Axe on the screen with views and clicks (the devices donut once held a focusable element inside aria-hidden).
  await expect(section(page, "Devices").getByRole("list", { name: "Devices legend" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Breakdowns: referrers by name, browsers, systems and the UTM tags of the arrival address.
  const referrers = section(page, "Top Referrers");
  await expect(referrers.getByRole("button", { name: /^Filter by Referrer: Instagram\s*1 visit/ })).toBeVisible();
  await expect(referrers.getByRole("button", { name: /^Filter by Referrer: Google\s*1 visit/ })).toBeVisible();
  await expect(section(page, "Browsers").getByRole("button", { name: /^Filter by Browser: Chrome\b/ })).toBeVisible();
  await expect(section(page, "Operating Systems").getByRole("button", { name: /^Filter by OS: iOS\b/ })).toBeVisible();
  const utm = section(page, "Campaigns (UTM)");
  await expect(utm.getByRole("button", { name: /^Filter by UTM source: newsletter\b/ })).toBeVisible();
  await expect(utm.getByRole("button", { name: /^Filter by UTM source: google\b/ })).toBeVisible();
  await utm.getByRole("button", { name: "Campaign", exact: true }).click();
  await expect(utm.getByText("spring")).toBeVisible();

  // A click on a country filters every card; the chip is in the address, so a reload keeps it.
  await section(page, "Top Locations")
    .getByRole("button", { name: /^Filter by Country: United States\b/ })
    .click();
  await expect(page.getByRole("group", { name: "Active filters" }).getByText("Country: United States")).toBeVisible();
  await expect(page).toHaveURL(/[?&]country=US(&|$)/);
  await expect(card(page, "Total Views")).toHaveText("1");
  await expect(card(page, "Total Clicks")).toHaveText("1");
  await expect(section(page, "Top Referrers").getByRole("button", { name: /^Filter by Referrer: Google/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("group", { name: "Active filters" }).getByText("Country: United States")).toBeVisible();
  await expect(card(page, "Total Views")).toHaveText("1");
  await page.getByRole("button", { name: "Remove filter Country: United States" }).click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(card(page, "Total Views")).toHaveText("2");

  // One link's detail: its clicks and where they came from.
  await section(page, "Link Performance").getByRole("button", { name: "First", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "First" });
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Unique clicks")).toBeVisible();
  await expect(detail.getByRole("list", { name: "Referrers" }).getByRole("listitem")).toHaveText([/Google/, /Instagram/]);
  await expect(detail.getByRole("list", { name: "Countries" }).getByRole("listitem")).toHaveText([/United Kingdom/, /United States/]);
  // The chart has its axes labelled (first and last day), and devices read as words (issue 39 item 2).
  await expect(detail.getByTestId("link-detail-days").locator("span")).toHaveText([/^[A-Z][a-z]{2} \d{1,2}$/, /^[A-Z][a-z]{2} \d{1,2}$/]);
  await expect(detail.getByRole("list", { name: "Devices" }).getByRole("listitem").first()).toHaveText(/^(Desktop|Mobile|Tablet)/);
  // The three lists sit side by side without running into each other; a long name is cut, not the count.
  const boxes = await Promise.all(
    ["Referrers", "Countries", "Devices"].map(
      async (name) => (await detail.getByRole("list", { name }).getByRole("listitem").first().boundingBox())!,
    ),
  );
  for (let i = 1; i < boxes.length; i += 1) expect(boxes[i - 1]!.x + boxes[i - 1]!.width).toBeLessThanOrEqual(boxes[i]!.x);
  await expect(page).toHaveURL(/[?&]link=/);
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // The export offers JSON with every breakdown.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "JSON" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, "utf8")) as Record<string, { name: string }[]>;
  expect(exported.referrers!.map((r) => r.name).sort()).toEqual(["Google", "Instagram"]);
  expect(exported.utm_source!.map((r) => r.name).sort()).toEqual(["google", "newsletter"]);

  // The hourly chart for a week.
  await page.getByRole("group", { name: "Interval" }).getByRole("button", { name: "Hourly" }).click();
  await expect(page).toHaveURL(/interval=hour/);
  await expect(section(page, "Traffic Overview").getByText("Views and clicks by hour")).toBeVisible();
});
