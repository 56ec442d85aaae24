import { expect, test } from "@playwright/test";
import { signUpCreator } from "./support";

test("the signed-in pages run under the app's Content-Security-Policy without a single violation", async ({ page }) => {
  await signUpCreator(page, "policy");
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(line: string): void }).reportViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  for (const path of ["/dashboard", "/links", "/design", "/insights", "/settings"]) {
    const answer = await page.goto(path);
    expect(answer!.headers()["content-security-policy"]).toContain("script-src 'self' 'unsafe-inline';");
    // Hydrated and its data loaded: every script the page runs has run.
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
