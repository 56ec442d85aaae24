import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpCreator } from "./support";

async function openTokens(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  const form = page.getByRole("form", { name: "Create an API token" });
  await expect(form).toBeVisible();
  return form;
}

test.describe("Settings › API tokens", () => {
  test("create a token with a name, scopes and expiry, copy it once, use it, see it listed, revoke it", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUpCreator(page, "tokens");
    const form = await openTokens(page);
    await expect(page.getByText("No API tokens yet.")).toBeVisible();

    // Nothing is sent without a name and a scope.
    await form.getByRole("button", { name: "Create token" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Choose at least one scope")).toBeVisible();

    await form.getByLabel("Token name").fill("Zapier");
    await form.getByRole("checkbox", { name: /links:read/ }).check();
    await form.getByLabel("Expires").selectOption({ label: "90 days" });
    await form.getByRole("button", { name: "Create token" }).click();

    const notice = page.getByRole("region", { name: "Your new API token" });
    await expect(notice).toContainText("it will not be shown again");
    const secret = (await notice.getByLabel("API token").textContent())!.trim();
    expect(secret).toMatch(/^lb_/);
    await notice.getByRole("button", { name: "Copy token" }).click();
    await expect(page.getByText("Token copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The token works on what its scope covers, and nowhere else.
    const links = await request.get("/api/v1/links/", { headers: { authorization: `Bearer ${secret}` } });
    expect(links.status()).toBe(200);
    expect(links.headers()["ratelimit-limit"]).toBeTruthy();
    const write = await request.post("/api/v1/links/", {
      headers: { authorization: `Bearer ${secret}` },
      data: { title: "x", url: "example.com" },
    });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { code: string }).code).toBe("insufficient_scope");

    await notice.getByRole("button", { name: "Done" }).click();
    await expect(notice).toHaveCount(0);
    const list = page.getByRole("list", { name: "API tokens" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("Zapier");
    await expect(list).toContainText("links:read");

    // Shown once: a fresh load of the page holds the name, never the secret.
    await page.reload();
    await page.getByRole("tab", { name: "Security" }).click();
    await expect(list).toContainText("Zapier");
    await expect(list).not.toContainText("Last used never");
    expect(await page.content()).not.toContain(secret);

    await list.getByRole("button", { name: "Revoke Zapier" }).click();
    await expect(page.getByText("API token revoked")).toBeVisible();
    await expect(page.getByText("No API tokens yet.")).toBeVisible();
    const revoked = await request.get("/api/v1/links/", { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status()).toBe(401);
    expect(((await revoked.json()) as { code: string }).code).toBe("invalid_token");
  });

  test("fits a phone and has no serious accessibility violations", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpCreator(page, "tokensaxe");
    const form = await openTokens(page);
    await form.getByLabel("Token name").fill("A rather long integration name that has to wrap on a phone");
    await form.getByRole("checkbox", { name: /analytics:read/ }).check();
    await form.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("region", { name: "Your new API token" })).toBeVisible();
    await expect(page.getByRole("list", { name: "API tokens" }).getByRole("listitem")).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
  });
});
