import { expect, test } from "@playwright/test";
import { holdScripts, signUpCreator } from "./support";

test.describe("Scripts after the first paint", () => {
  test("a screen's HTML names its scripts only to a loader, and the screen still comes alive", async ({ page }) => {
    await signUpCreator(page, "loader");
    const html = await (await page.request.get("/dashboard", { headers: { accept: "text/html" } })).text();
    expect(html).toContain("__linkbioScript(");
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/);
    expect(html).not.toContain('<link rel="preload" as="script"');

    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Link" }).first().click();
    await expect(page.getByRole("dialog", { name: "Add New Link" })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
  });

  test("what is done once the page is live waits behind the input still held, so it cannot undo it", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/register", { waitUntil: "commit" });
    await page.getByLabel("Email").fill("not-an-email");
    // Replayed as far apart as typed: the password's text comes about 0.9 s after the email's.
    await page.waitForTimeout(900);
    await page.getByLabel("Password", { exact: true }).fill("short");
    release();
    await page.waitForFunction(() => {
      const email = document.querySelector("input[name=email]");
      return email !== null && Object.keys(email).some((key) => key.startsWith("__reactProps$"));
    });
    // Sent while the password's text still waits: the password's replay must not clear the error this sets.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.waitForTimeout(1_200);
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  });

  test("a tap on a control of a page drawn but not yet live is kept and carried out once it is", async ({ page }) => {
    await signUpCreator(page, "early-tap");
    const release = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    await expect(page.getByLabel("First Name")).toBeVisible();
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
    release();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Notifications" })).toHaveAttribute("aria-selected", "true");
  });

  test("an arrow key on a focused tab of a page drawn but not yet live moves to the next tab once it is", async ({ page }) => {
    await signUpCreator(page, "early-key");
    const release = await holdScripts(page);
    await page.goto("/design", { waitUntil: "commit" });
    const profileTab = page.getByRole("tab", { name: "Profile" });
    const wallpaperTab = page.getByRole("tab", { name: "Wallpaper" });
    await expect(profileTab).toHaveAttribute("aria-selected", "true");
    await profileTab.focus();
    await page.keyboard.press("ArrowDown");
    await expect(profileTab).toBeFocused();
    release();
    await expect(wallpaperTab).toBeFocused();
    await expect(wallpaperTab).toHaveAttribute("aria-selected", "true");
  });

  test("a form typed into and submitted before the page is live is not sent natively, and is sent with its text once it is", async ({
    page,
  }) => {
    await signUpCreator(page, "early-submit");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const release = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    await page.getByLabel("First Name").fill("Early");
    await page.getByLabel("First Name").press("Enter");
    release();
    await expect(page.getByText("Account information updated")).toBeVisible();
    // A native submission would have loaded /settings again with the fields in its address.
    expect(documents.map((url) => new URL(url).pathname + new URL(url).search)).toEqual(["/settings"]);
    // What was typed before the page was live is what was saved.
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Early");
  });

  test("text replayed into a field before React listens to it is replayed again, so the form is not sent without it", async ({ page }) => {
    await signUpCreator(page, "missed-replay");
    // The first replayed (untrusted) input event never reaches React: what happens when the field's
    // props are rendered but not yet committed, which a slow machine met now and then.
    await page.addInitScript(() => {
      let swallowed = false;
      window.addEventListener(
        "input",
        (event) => {
          if (event.isTrusted || swallowed) return;
          swallowed = true;
          event.stopImmediatePropagation();
        },
        true,
      );
    });
    const release = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    await page.getByLabel("First Name").fill("Retyped");
    await page.getByLabel("First Name").press("Enter");
    release();
    await expect(page.getByText("Account information updated")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Retyped");
  });

  test("a period chosen on Insights before the page is live is the one it shows once it is", async ({ page }) => {
    await signUpCreator(page, "early-choice");
    const release = await holdScripts(page);
    await page.goto("/insights", { waitUntil: "commit" });
    await page.getByLabel("Time period").selectOption({ label: "Last 30 days" });
    release();
    // The screen keeps its period in the address once it has taken the choice.
    await expect(page).toHaveURL(/[?&]days=30(&|$)/);
    await expect(page.getByLabel("Time period")).toHaveValue("30");
  });
});
