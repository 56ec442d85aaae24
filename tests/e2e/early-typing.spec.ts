import { expect, test, type Page } from "@playwright/test";

/**
 * auth.spec.ts holds back every script, so nothing hydrates before the fields are typed in. Here only
 * the form's own script waits: the rest of the page hydrates and runs its effects around a form that
 * is still server HTML, which is how a person on a slow connection met the lost typing.
 *
 * Holds back the script that holds `marker` (the form's own client component) until `release`
 * resolves, so the form is on screen and typed into while its part of the page is still server HTML.
 */
async function holdFormScript(page: Page, marker: string, release: Promise<void>) {
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await release;
    await route.fulfill({ response, body });
  });
}

test.describe("Typing before the page has finished loading", () => {
  for (const { path, marker, fields } of [
    {
      path: "/register",
      marker: "Join Linkbio",
      fields: [
        ["First name (optional)", "Ada"],
        ["Email", "early-typist@example.com"],
      ],
    },
    { path: "/login", marker: "Welcome back", fields: [["Email", "early-typist@example.com"]] },
  ] as const) {
    test(`${path} keeps what was typed while its scripts loaded`, async ({ page }) => {
      let release = () => undefined as void;
      await holdFormScript(page, marker, new Promise<void>((resolve) => (release = resolve)));
      // Before the fix every page fetched /api/auth/session on load, and its answer arrived while the
      // form's script was held back; now no such request is made and this wait ends empty-handed.
      const sessionChecked = page
        .waitForResponse((response) => response.url().includes("/api/auth/session"), { timeout: 5_000 })
        .catch(() => null);
      await page.goto(path, { waitUntil: "commit" });
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).pressSequentially(value);
      await sessionChecked;
      release();
      await expect(page.getByRole("button", { name: path === "/login" ? "Log in" : "Create account" })).toBeEnabled();
      await page.waitForLoadState("networkidle");
      for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    });
  }
});
