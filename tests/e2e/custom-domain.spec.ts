import { randomUUID } from "node:crypto";
import { chromium, expect, test, type Page } from "@playwright/test";
import superjson from "superjson";
import { startTestDnsServer, type TestDnsServer } from "../../scripts/test-dns-server";
import { E2E_DNS_PORT } from "../../playwright.config";
import { finishOnboarding, signUp } from "./support";

const PORT = E2E_DNS_PORT;
let dns: TestDnsServer;

// One DNS server on a fixed port for the app server, so these tests run one at a time.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dns = await startTestDnsServer(E2E_DNS_PORT);
});

test.afterAll(async () => {
  await dns.close();
});

async function trpcPost(page: Page, path: string, input: unknown): Promise<void> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: superjson.serialize(input) });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();

test("a creator connects a domain, verifies it, and visitors open the page on it", async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  const slug = `domain_${id}`;
  const domain = `links-${id}.example.test`;
  await signUp(page);
  await trpcPost(page, "profile.updateSlug", { slug });
  await trpcPost(page, "profile.updateMe", { display_name: `Domain Owner ${id}` });
  await trpcPost(page, "link.create", { title: "My shop", url: "shop.example.com" });
  await finishOnboarding(page);

  await page.goto("/design");
  await page.getByRole("tab", { name: "Advanced" }).click();
  const panel = page
    .getByRole("region", { name: "Custom domain" })
    .or(page.locator("section", { has: page.getByRole("heading", { name: "Custom domain" }) }));
  const field = panel.getByLabel("Domain");
  await field.fill("https://links.example.test/");
  await panel.getByRole("button", { name: "Connect domain" }).click();
  await expect(panel.getByText("Enter the domain without http:// or https://.")).toBeVisible();

  await field.fill(` ${domain.toUpperCase()}. `);
  await panel.getByRole("button", { name: "Connect domain" }).click();
  // The domain heads the section and also names the CNAME record: either showing is enough here.
  await expect(panel.getByText(domain, { exact: true }).first()).toBeVisible();
  await expect(panel.getByText("Pending")).toBeVisible();
  const recordName = `_linkbio.${domain}`;
  await expect(panel.getByText(recordName, { exact: true })).toBeVisible();
  const token = (await panel.locator("code", { hasText: /^linkbio-verify-/ }).textContent())!;
  await expect(panel.getByRole("button", { name: "Copy TXT value" })).toBeVisible();
  await expect(panel.getByText("CNAME", { exact: true })).toBeVisible();

  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByRole("alert")).toContainText(`No TXT record found at ${recordName}.`);
  await expect(panel.getByText("Pending")).toBeVisible();

  dns.setTxt(recordName, [token]);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, `${domain} is active`)).toBeVisible();
  await expect(panel.getByText("Active", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Verify" })).toBeHidden();
  await expect(panel.getByRole("link", { name: `http://${domain}:${PORT}/` })).toBeVisible();

  // A visitor whose browser resolves the creator's domain to this server.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext();
    await context.route("https://shop.example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Shop</title>" }));
    const visitor = await context.newPage();
    const answer = await visitor.goto(`http://${domain}:${PORT}/`);
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name: `Domain Owner ${id}` })).toBeVisible();
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", `http://${domain}:${PORT}/`);
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^http://${domain.replace(/\./g, "\\.")}:${PORT}/og\\.png\\?v=`),
    );
    // The page's stylesheet loaded from this host: the design's font is applied.
    expect(await visitor.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    const [beacon] = await Promise.all([
      visitor.waitForRequest(
        (request) => request.method() === "POST" && request.url().startsWith(`http://${domain}:${PORT}/api/v1/links/`),
      ),
      context.waitForEvent("page"),
      visitor
        .getByRole("link", { name: /My shop/ })
        .click()
        .then(() => visitor.getByRole("button", { name: "Open link" }).click()),
    ]);
    expect((await beacon.response())?.status()).toBe(204);
    const login = await visitor.goto(`http://${domain}:${PORT}/login`);
    expect(login?.status()).toBe(404);
    expect(await visitor.context().cookies()).toEqual([]);
  } finally {
    await browser.close();
  }

  await panel.getByRole("button", { name: "Remove" }).click();
  await panel.getByRole("button", { name: "Yes, remove" }).click();
  await expect(toast(page, "Domain removed")).toBeVisible();
  await expect(panel.getByLabel("Domain")).toBeVisible();
});
