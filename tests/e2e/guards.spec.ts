import { expect, test } from "@playwright/test";
import { finishOnboarding, signUp } from "./support";

const SIGNED_IN_PAGES = ["/dashboard", "/links", "/design", "/insights", "/analytics", "/settings", "/shop"];

test("guests are sent from every signed-in page to /login, which asks search engines not to list it", async ({ page }) => {
  for (const path of [...SIGNED_IN_PAGES, "/onboarding"]) {
    await page.goto(path);
    await expect(page, `${path} should send guests to /login`).toHaveURL(/\/login$/);
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});

test("a user with unfinished onboarding is sent to /onboarding from the signed-in area", async ({ page }) => {
  await signUp(page);
  for (const path of ["/dashboard", "/settings", "/insights"]) {
    await page.goto(path);
    await expect(page, `${path} should send to /onboarding`).toHaveURL(/\/onboarding$/);
  }
});

test("signed-in users are sent from /login and /register to /dashboard", async ({ page }) => {
  await signUp(page);
  await finishOnboarding(page);
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page, `${path} should send to /dashboard`).toHaveURL(/\/dashboard$/);
  }
});

test("the signed-in layout has the sidebar navigation", async ({ page }) => {
  await signUp(page);
  await finishOnboarding(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["My Linkbio", "Links", "Design", "Insights", "Audience", "Settings", "Help"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Insights" }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto("/shop");
  await expect(page.getByText("Coming soon...").filter({ visible: true })).toBeVisible();
});

test("unknown paths redirect to /404 with its texts", async ({ page }) => {
  await page.goto("/this/does-not-exist");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a path with broken percent-encoding is an unknown path too", async ({ page }) => {
  await page.goto("/u/%zz");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
