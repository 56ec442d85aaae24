import { expect, test } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

test.describe("Landing page", () => {
  test("testimonial arrows move between testimonials and wrap around", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Loved by creators" });
    const quote = section.locator("blockquote:visible");
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

  test("ships no framework script, yet prints its own host, uses Inter and keeps one FAQ answer open", async ({ page, baseURL }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    expect(scripts).toEqual([]);
    await expect(page.locator("script[src]")).toHaveCount(0);

    await expect(page.locator("form").first()).toContainText(`${new URL(baseURL!).host}/`);
    const headingFont = await page.evaluate(async () => {
      await document.fonts.ready;
      const unquoted = (name: string) => name.trim().replace(/^["']|["']$/g, "");
      const family = unquoted(getComputedStyle(document.querySelector("h1")!).fontFamily.split(",")[0]!);
      return { family, loaded: [...document.fonts].some((face) => face.status === "loaded" && unquoted(face.family) === family) };
    });
    expect(headingFont.loaded, `h1 is set in ${headingFont.family}`).toBe(true);

    const faq = page.getByRole("region", { name: "Questions? Answered" });
    await faq.getByText("Is Linkbio free?").click();
    await expect(faq.locator("details[open]")).toHaveCount(1);
    await faq.getByText("How do I share my Linkbio?").click();
    await expect(faq.locator("details[open]")).toHaveCount(1);
    await expect(faq.locator("details[open]")).toContainText("How do I share my Linkbio?");
  });

  test("both claim fields carry the name to sign-up", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Choose your Linkbio username" }).last().fill("night_owl");
    await page.getByRole("button", { name: "Claim your Linkbio" }).last().click();
    await expect(page).toHaveURL(/\/register\?claim=night_owl$/);
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
