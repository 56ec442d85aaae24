import { expect, test } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

test.describe("Landing page", () => {
  test("testimonial arrows move between testimonials and wrap around", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Loved by creators" });
    const quote = section.locator("blockquote");
    const first = (await quote.textContent())!;
    await expect(section.getByText(/^1 of \d+$/)).toBeVisible();
    const total = Number((await section.getByText(/^1 of \d+$/).textContent())!.split(" of ")[1]);
    expect(total).toBeGreaterThan(1);

    await section.getByRole("button", { name: "Next testimonial" }).click();
    await expect(quote).not.toHaveText(first);
    await expect(section.getByText(`2 of ${total}`)).toBeVisible();
    const second = (await quote.textContent())!;

    await section.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(quote).toHaveText(first);
    await section.getByRole("button", { name: "Previous testimonial" }).press("Enter");
    await expect(section.getByText(`${total} of ${total}`)).toBeVisible();
    await expect(quote).not.toHaveText(first);
    await expect(quote).not.toHaveText(second);
  });

  test("no link is a dead '#', and every footer link opens a page", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('a[href="#"]')).toHaveCount(0);
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs).toEqual(expect.arrayContaining(["/help", "/docs/api", "/pricing", "/privacy"]));
    for (const href of new Set(hrefs)) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
    await expect(footer.getByText("Careers")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Careers" })).toHaveCount(0);
  });

  test("the privacy notice describes the cookie-less, address-less analytics, and public pages set no cookie", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Notice" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
    await expect(page.getByText(/never written to the database/)).toBeVisible();
    await expect(page.getByText(/Public Linkbio pages set no cookies/)).toBeVisible();

    const { slug } = await signUpCreator(page, "privacy");
    await trpcMutation(page, "link.create", { title: "Shop", url: "https://example.com/shop" });
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/u/${slug}`);
    await expect(visitorPage.getByText("Shop")).toBeVisible();
    expect(await visitor.cookies()).toEqual([]);
    await visitor.close();
  });
});
