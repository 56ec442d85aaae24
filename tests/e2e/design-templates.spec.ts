import { expect, test, type Page } from "@playwright/test";
import { signUpCreator, trpcMutation, trpcQuery } from "./support";

const preview = (page: Page) => page.getByRole("figure", { name: "Preview of your page" });
const wallpaper = (page: Page) => preview(page).locator(".lb-wallpaper");

test("the editor's preview shows the creator's own shown links, the samples only while there are none", async ({ page }) => {
  await signUpCreator(page, "ownlinks");
  await page.goto("/design");
  await expect(preview(page).getByRole("link", { name: "My Website" })).toBeVisible();

  await trpcMutation(page, "link.create", { title: "Portfolio", url: "portfolio.example.com" });
  await trpcMutation(page, "link.create", { title: "Newsletter", url: "news.example.com" });
  await trpcMutation(page, "link.create", { title: "Old shop", url: "old.example.com", is_active: false });
  await page.reload();
  const links = preview(page).locator(".lb-links a");
  await expect(links).toHaveText(["Portfolio", "Newsletter"]);
  await expect(preview(page).getByRole("link", { name: "My Website" })).toHaveCount(0);
  await expect(preview(page).getByText("Old shop")).toHaveCount(0);
});

test("a template applies in place: the preview changes, the edit is unsaved until autosave, and Undo brings the design back", async ({
  page,
}) => {
  await signUpCreator(page, "intemplate");
  await trpcMutation(page, "link.create", { title: "Portfolio", url: "portfolio.example.com" });
  await page.goto("/design");
  await page.getByRole("tab", { name: "Templates" }).click();

  await page.getByRole("button", { name: "Neon Lights" }).click();
  await expect(page.getByText("Neon Lights applied to your page.")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page).toHaveURL(/\/design$/);
  await expect(wallpaper(page)).toHaveCSS("background-color", "rgb(10, 10, 10)");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(wallpaper(page)).toHaveCSS("background-color", "rgb(255, 255, 255)");

  await page.getByRole("button", { name: "Dark Mode" }).focus();
  await page.keyboard.press("Enter");
  await expect(wallpaper(page)).toHaveCSS("background-color", "rgb(15, 23, 42)");
  await expect(preview(page).getByRole("link", { name: "Portfolio" })).toBeVisible();
  await expect(page.getByText("Current", { exact: true })).toBeVisible();

  await expect(page.getByRole("status").filter({ hasText: "Changes saved automatically" }).first()).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeHidden();
  const saved = await trpcQuery<{ background_color: string; hover_effect: string }>(page, "design.get");
  expect(saved).toMatchObject({ background_color: "#0f172a", hover_effect: "lift" });
});

test("after onboarding, the templates page leads back to the design editor, not into onboarding", async ({ page }) => {
  await signUpCreator(page, "latetemplate");
  await page.goto("/onboarding/templates");
  await expect(page.getByRole("link", { name: "Back to Design" })).toHaveAttribute("href", "/design");
  await page.getByRole("button", { name: "Gradient Dream" }).click();
  await expect(page).toHaveURL(/\/design$/);
  await expect(wallpaper(page)).toHaveCSS("background-image", /linear-gradient/);
  expect((await trpcQuery<{ wallpaper_type: string }>(page, "design.get")).wallpaper_type).toBe("gradient");
});
