import { expect, test } from "@playwright/test";
import { PASSWORD, signUpCreator } from "./support";

// The e2e server lets a proof of identity count for SUDO_MODE_SECONDS (playwright.config.ts), not 5 minutes.
const SUDO_SECONDS = 30;

test.describe("Sudo mode", () => {
  test("a sensitive change long after the sign-in asks 'Confirm it's you', then goes through", async ({ page }) => {
    test.setTimeout(120_000);
    await signUpCreator(page, "sudo");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    const toggle = page.getByRole("switch", { name: "Two-Factor Authentication" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    // The sign-in's proof lapses.
    await page.waitForTimeout((SUDO_SECONDS + 1) * 1000);

    await toggle.click();
    const prompt = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(prompt).toBeVisible();
    const password = prompt.getByLabel("Password");
    await expect(password).toBeFocused();
    // Cancelling leaves everything as it was.
    await prompt.getByRole("button", { name: "Cancel" }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveCount(0);

    await toggle.click();
    await expect(prompt).toBeVisible();
    await password.fill("not my password");
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await expect(prompt.getByText("Password is incorrect")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await password.fill(PASSWORD);
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await expect(prompt).toBeHidden();
    // The same change went through once proven, without a second click.
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  });
});
