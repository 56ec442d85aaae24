import { expect, test } from "@playwright/test";
import { PASSWORD, newEmail } from "./support";

test("a brand-new user walks all nine onboarding steps and their page shows what they chose", async ({ page, browser }) => {
  test.slow();
  const slug = `walk_${Date.now().toString(36)}`;

  // The landing page's claim field carries the name through sign-up into step 1.
  await page.goto("/");
  await page.getByRole("textbox").first().fill(slug);
  await page
    .getByRole("button", { name: /Claim your Linkbio/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/register\\?claim=${slug}`));
  await page.getByLabel("Email").fill(newEmail("walk"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  // 1. Username, pre-filled, checked live.
  await expect(page).toHaveURL(/\/onboarding\?username=/);
  await expect(page.getByLabel("Username")).toHaveValue(slug);
  // Too short: the schema's message as it is typed, and Continue waits for a valid name.
  await page.getByLabel("Username").fill("ab");
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByLabel("Username").fill(slug.toUpperCase());
  await expect(page.getByLabel("Username")).toHaveValue(slug);
  await page.getByRole("button", { name: "Continue" }).click();

  // 2. Goal: exactly one is required.
  await expect(page).toHaveURL(/\/onboarding\/goals$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please select a goal")).toBeVisible();
  await page.getByText("Creator", { exact: true }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  // 3. Pro upsell, 4. pricing (yearly by default) then templates.
  await expect(page).toHaveURL(/\/onboarding\/pro$/);
  await page.getByRole("link", { name: "Skip", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("$7.50").first()).toBeVisible();
  await page.getByRole("button", { name: "Continue with Free" }).click();

  // 5. Template.
  await expect(page).toHaveURL(/\/onboarding\/templates$/);
  await page.getByRole("button", { name: "Neon Lights" }).click();
  await expect(page.getByText("Template applied successfully")).toBeVisible();

  // 6. Platforms: at most five.
  await expect(page).toHaveURL(/\/onboarding\/platforms$/);
  for (const name of ["Instagram", "TikTok", "YouTube", "Website", "Spotify"]) {
    await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  }
  await expect(page.getByRole("button", { name: /^Threads/ })).toBeDisabled();
  await page.getByRole("button", { name: /^Spotify/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  // 7. Links per platform, plus one extra.
  await expect(page).toHaveURL(/\/onboarding\/add-links\?platforms=/);
  await page.getByLabel("Instagram").fill("@walker");
  await page.getByLabel("Website").fill("walker.example.com");
  await page.getByLabel("Title").first().fill("My shop");
  await page.getByLabel("URL").first().fill("shop.example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Links added successfully!")).toBeVisible();

  // 8. Profile details.
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  // A text file named .png is found out before any upload: a message, no broken image.
  await page.getByLabel("Upload photo").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "This file is not an image, whatever its name says. Please choose a PNG, JPG, GIF or WebP file." }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Your chosen avatar" })).toHaveCount(0);
  await page.getByLabel("Display name").fill("Walker Neon");
  await page.getByLabel("Bio").fill("Walking through every step.");
  await expect(page.getByText("27/160")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Profile created successfully!")).toBeVisible();

  // 9. Complete, then the dashboard.
  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await page.getByRole("button", { name: "Continue building" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const visitor = await browser.newPage();
  await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Walker Neon" })).toBeVisible();
  await expect(visitor.getByText("Walking through every step.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/walker");
  await expect(visitor.getByRole("link", { name: "Website" })).toHaveAttribute("href", "https://walker.example.com");
  await expect(visitor.getByRole("link", { name: "My shop" })).toHaveAttribute("href", "https://shop.example.com");
  // Neon Lights: neon buttons on a near-black page.
  await expect(visitor.getByRole("link", { name: "My shop" })).toHaveClass(/lb-variant-neon/);
  expect(await visitor.locator(".lb-wallpaper").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(10, 10, 10)");
});
