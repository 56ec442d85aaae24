import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { errorBanner, logIn, signUpCreator, trpcQuery } from "./support";

/** The code an authenticator app shows for this secret, `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function enterCode(page: Page, code: string) {
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test.describe("Two-factor authentication", () => {
  test("turn it on with a code, then log in with a code, with a recovery code, and not with a used one", async ({ page }) => {
    const { email } = await signUpCreator(page, "totp");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    const toggle = page.getByRole("switch", { name: "Two-Factor Authentication" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();

    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    // Until a code is confirmed, the switch does not claim it is on.
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toHaveAccessibleDescription("Off until you enter a code from your app below.");
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    await page.getByLabel("Code from the app").fill("000000" === codeFor(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(page.getByText("Invalid code")).toBeVisible();
    await page.getByLabel("Code from the app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Verify and turn on" }).click();

    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("linkbio-recovery-codes.txt");
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
    expect((await trpcQuery<{ two_factor_enabled: boolean }>(page, "settings.get")).two_factor_enabled).toBe(true);

    // Log in with a code from the app (the next step's: the one just used is spent).
    await logOut(page);
    await logIn(page, email);
    await enterCode(page, codeFor(secret, 1));
    await expect(page).toHaveURL(/\/dashboard/);

    // Log in with a recovery code.
    await logOut(page);
    await logIn(page, email);
    await enterCode(page, recovery[0]!);
    await expect(page).toHaveURL(/\/dashboard/);

    // The same recovery code again is refused.
    await logOut(page);
    await logIn(page, email);
    await enterCode(page, recovery[0]!);
    await expect(errorBanner(page)).toHaveText("Invalid code");
    await expect(page).toHaveURL(/\/login/);
  });
});
