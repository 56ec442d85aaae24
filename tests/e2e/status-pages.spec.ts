import { expect, test, type Page } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

async function usesInter(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await document.fonts.load("700 24px Inter");
    const heading = getComputedStyle(document.querySelector("h1")!).fontFamily;
    return /^"?Inter"?,/.test(heading) && [...document.fonts].some((face) => face.family.includes("Inter") && face.status === "loaded");
  });
}

test("'Profile Not Found' is a 404 in the product's font with a way home and no toast", async ({ page }) => {
  const answer = await page.goto("/u/no-one-has-this-name");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  expect(await usesInter(page), "the product's own Inter, not a fallback").toBe(true);
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.getByText('Profile "no-one-has-this-name" not found')).toHaveCount(0);

  const single = await page.goto("/no-one-has-this-name");
  expect(single?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("'Profile Not Available' looks like the product too", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "private");
  await trpcMutation(page, "profile.updateMe", { profile_visibility: "private" });
  const visitor = await browser.newPage({ viewport: { width: 375, height: 700 } });
  await visitor.goto(`/u/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Profile Not Available" })).toBeVisible();
  await expect(visitor.getByText("This profile is currently private.")).toBeVisible();
  expect(await usesInter(visitor)).toBe(true);
  const home = visitor.getByRole("link", { name: "Go to Homepage" });
  await expect(home).toHaveAttribute("href", "/");
  const box = (await home.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
});
