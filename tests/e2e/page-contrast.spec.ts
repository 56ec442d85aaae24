import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESIGN_OPTIONS } from "../../src/lib/design/options";
import { TEMPLATE_LABELS, TEMPLATE_NAMES } from "../../src/lib/schemas/templates";
import { buttonBoundary, settled } from "./contrast-support";
import { signUpCreator, trpcMutation } from "./support";

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Every WCAG 2.x A/AA rule axe runs (colour contrast among them), as a list of readable failures. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`),
  );
}

async function addSampleContent(page: Page): Promise<void> {
  await trpcMutation(page, "profile.updateMe", { display_name: "Contrast Check", bio: "Every line on this page has to be readable." });
  await trpcMutation(page, "link.create", { title: "Instagram", url: "instagram.com/contrast", link_type: "social" });
  await trpcMutation(page, "link.create", { title: "Elsewhere", url: "example.com/contrast", link_type: "social" });
  await trpcMutation(page, "link.create", { title: "Latest", link_type: "header" });
  await trpcMutation(page, "link.create", { title: "My shop", url: "shop.example.com" });
  await trpcMutation(page, "link.create", { title: "Write to me", url: "mailto:contrast@example.com" });
}

for (const template of TEMPLATE_NAMES) {
  for (const wallpaper_type of DESIGN_OPTIONS.wallpaper_type) {
    test(`${TEMPLATE_LABELS[template]} on a ${wallpaper_type} wallpaper reads at WCAG AA with every button style, and every button stands out`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { slug } = await signUpCreator(page, `c${template}${wallpaper_type}`);
      await addSampleContent(page);
      const visitor = await browser.newContext();
      const tab = await visitor.newPage();
      await trpcMutation(page, "design.applyTemplate", { template });
      for (const button_variant of DESIGN_OPTIONS.button_variant) {
        await trpcMutation(page, "design.save", {
          wallpaper_type,
          button_variant,
          ...(wallpaper_type === "image" ? { background_image_url: PNG_DATA_URL } : {}),
        });
        await tab.goto(`/${slug}`);
        await expect(tab.getByRole("heading", { name: "Contrast Check" })).toBeVisible();
        const label = `${TEMPLATE_LABELS[template]} on ${wallpaper_type} with ${button_variant} buttons`;
        expect(await accessibilityViolations(tab), label).toEqual([]);
        expect(await buttonBoundary(tab), label).toBeGreaterThanOrEqual(3);
      }
      await visitor.close();
    });
  }
}

test("the editor flags white text on a white page beside the control, and its one-click fix makes the page pass", async ({
  page,
  browser,
}) => {
  const { slug } = await signUpCreator(page, "lowcontrast");
  await addSampleContent(page);
  await page.goto("/design");
  await page.getByRole("tab", { name: "Style" }).click();

  const textColor = page.getByLabel("Text Color", { exact: true });
  await textColor.fill("#ffffff");
  const warning = page.getByText("Low contrast: 1.0:1 against the background. Needs 4.5:1.");
  await expect(warning).toBeVisible();
  await expect(textColor).toHaveAccessibleDescription(/Low contrast: 1\.0:1 against the background/);
  // The preview shows the creator's choice as the page will.
  const previewHeading = page.getByRole("figure", { name: "Preview of your page" }).locator(".lb-heading");
  await expect(previewHeading).toHaveCSS("color", "rgb(255, 255, 255)");

  const fix = page.getByRole("button", { name: /^Use #[0-9a-f]{6}$/ });
  const fixColor = (await fix.innerText()).replace("Use ", "").trim();
  await fix.click();
  await expect(warning).toBeHidden();
  await expect(textColor).toHaveValue(fixColor);
  await expect(previewHeading).not.toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(page.getByText("Changes saved automatically")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeHidden();

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  await expect(tab.getByRole("heading", { name: "Contrast Check" })).toBeVisible();
  await expect(tab.locator(".lb-heading")).toHaveCSS("color", await previewHeading.evaluate((element) => getComputedStyle(element).color));
  expect(await accessibilityViolations(tab)).toEqual([]);
  await visitor.close();
});
