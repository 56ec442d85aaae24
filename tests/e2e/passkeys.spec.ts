import { expect, test } from "@playwright/test";
import { signUpCreator } from "./support";

test.describe("Passkeys", () => {
  test("register a passkey with the virtual authenticator, sign out, and sign in with it without typing", async ({ page }) => {
    // Chromium's DevTools protocol stands in for a platform authenticator with user verification.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signUpCreator(page, "passkey");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
    await page.getByLabel("Name (optional)").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Passkey added")).toBeVisible();
    const passkeys = page.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys).toContainText("Test laptop");
    await expect(passkeys).toContainText("Never used");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // The passkey sign-in is a session like any other, and the passkey shows its use.
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    const current = page.getByRole("list", { name: "Active sessions" }).getByRole("listitem").filter({ hasText: "This device" });
    await expect(current).toContainText("Passkey");
    await expect(passkeys).toContainText("Last used");

    await page.getByRole("button", { name: "Remove Test laptop" }).click();
    await expect(page.getByText("Passkey removed")).toBeVisible();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
  });
});

test("on another address of the server, the passkey button says where passkeys work", async ({ page, baseURL }) => {
  const elsewhere = baseURL!.replace("localhost", "127.0.0.1");
  await page.goto(`${elsewhere}/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(`Passkeys work at ${baseURL}. Open this page there to use one.`)).toBeVisible();
});
