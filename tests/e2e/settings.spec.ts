import { devices, expect, test } from "@playwright/test";
import { forgetSession, logIn, PASSWORD, signUpCreator, trpcMutation, trpcQuery } from "./support";

interface Me {
  profile: { show_click_stats: boolean; profile_visibility: string };
}

test.describe("Settings", () => {
  test("a tab's code is fetched when the pointer reaches its button, before it is opened", async ({ page }) => {
    await signUpCreator(page, "tabs");
    await page.goto("/settings", { waitUntil: "networkidle" });
    await expect(page.getByLabel("First Name")).toBeVisible();
    const fetched = page.waitForRequest((request) => request.resourceType() === "script");
    await page.getByRole("tab", { name: "Notifications" }).hover();
    await fetched;
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  });

  test("updates names, password, notifications and privacy, each saved for real", async ({ page, browser, baseURL }) => {
    const { email, slug } = await signUpCreator(page, "settings");
    const link = await trpcMutation<{ id: string }>(page, "link.create", { title: "Shop", url: "https://example.com/shop" });
    await page.goto("/settings");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");

    // Account: names are validated by the shared schema, then saved.
    await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(email);
    await page.getByLabel("First Name").fill("x".repeat(101));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Must be at most 100 characters")).toBeVisible();
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Lovelace");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Account information updated")).toBeVisible();

    // Security: a mismatch makes no call; a wrong current password is refused at its field.
    await page.getByRole("tab", { name: "Security" }).click();
    // The tab is in the address: a reload (or a link) opens it again; an unknown tab is Account.
    await expect(page).toHaveURL(/\/settings\?tab=security$/);
    await page.reload();
    await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/settings?tab=%3Cscript%3E");
    await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/settings?tab=security");
    await page.getByLabel("Current Password").fill(PASSWORD);
    await page.getByLabel("New Password", { exact: true }).fill("brand new password");
    await page.getByLabel("Confirm New Password").fill("something else");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Current Password").fill("not my password");
    await page.getByLabel("Confirm New Password").fill("brand new password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await expect(page.getByText("Failed to update password")).toBeVisible();
    await page.getByLabel("Current Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    await expect(page.getByRole("switch", { name: "Two-Factor Authentication" })).toHaveAttribute("aria-checked", "false");

    // Notifications: a switch is sent at once.
    await page.getByRole("tab", { name: "Notifications" }).click();
    // The alerts are a daily digest, and say so.
    await expect(page.getByRole("switch", { name: "Link Click Alerts" })).toHaveAccessibleDescription(
      "A daily summary of yesterday's clicks.",
    );
    await expect(page.getByRole("switch", { name: "Profile View Alerts" })).toHaveAccessibleDescription(
      "A daily summary of yesterday's page views.",
    );
    const monthly = page.getByRole("switch", { name: "Monthly Reports" });
    const wasOn = (await monthly.getAttribute("aria-checked")) === "true";
    await monthly.click();
    await expect(monthly).toHaveAttribute("aria-checked", String(!wasOn));
    await expect.poll(async () => (await trpcQuery<{ monthly_report: boolean }>(page, "settings.get")).monthly_report).toBe(!wasOn);

    // Billing: the account's plan is the current one; payments are not pretended.
    await page.getByRole("tab", { name: "Billing" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Current Plan" })).toContainText("Free");
    await expect(page.getByText("No payment method on file")).toBeVisible();
    await page.getByRole("button", { name: "Add Payment Method" }).click();
    await expect(page.getByText("Online payments are not available yet")).toBeVisible();

    // Privacy: click statistics show on the public page; private hides it from visitors.
    await page.getByRole("tab", { name: "Privacy" }).click();
    await page.getByRole("switch", { name: "Show Click Statistics" }).click();
    await expect.poll(async () => (await trpcQuery<Me>(page, "profile.me")).profile.show_click_stats).toBe(true);
    // A visitor (not the signed-in owner, whose clicks are not counted) clicks once.
    const visitor = await browser.newContext({ ...devices["Desktop Chrome"], baseURL });
    const visitorPage = await visitor.newPage();
    const click = await visitorPage.request.post(`/api/v1/links/${link.id}/click/`, {
      data: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(click.headers()["x-click-recorded"]).toBe("true");
    await visitorPage.goto(`/u/${slug}`);
    await expect(visitorPage.getByRole("link", { name: /Shop/ })).toContainText("1 click");
    await page.getByRole("radio", { name: /Private/ }).check();
    await expect.poll(async () => (await trpcQuery<Me>(page, "profile.me")).profile.profile_visibility).toBe("private");
    await visitorPage.reload();
    await expect(visitorPage.getByText("This profile is currently private.")).toBeVisible();
    await visitor.close();

    // The new password is the one that works now.
    await page.reload();
    // The reload keeps the tab it was on (the address holds it).
    await expect(page.getByRole("tab", { name: "Privacy" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel("First Name")).toHaveValue("Ada");
    await forgetSession(page);
    await logIn(page, email, "brand new password");
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test("deletes the account after confirmation and signs out", async ({ page }) => {
    const { email, slug } = await signUpCreator(page, "leaver");
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete Account" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Yes, Delete My Account" })).toHaveCount(0);
    await page.getByRole("button", { name: "Delete Account" }).click();
    await page.getByRole("button", { name: "Yes, Delete My Account" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Account deleted successfully")).toBeVisible();

    await logIn(page, email);
    await expect(page.getByText(/Invalid credentials/)).toBeVisible();
    const publicPage = await page.request.get(`/u/${slug}`);
    expect(publicPage.status()).toBe(404);
  });
});
