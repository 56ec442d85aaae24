import { expect, test, type BrowserContext } from "@playwright/test";
import { signUpCreator, trpcMutation } from "./support";

/** Outside addresses answer locally, so opening a link never leaves the machine. */
async function stubOutside(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ body: "outside", contentType: "text/plain" }));
}

test("visitors confirm before leaving, adult links need the age gate, and UTM values reach the opened URL", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "visits");
  await trpcMutation(page, "profile.updateMe", { display_name: "Visit Me" });
  await trpcMutation(page, "link.create", {
    title: "Shop",
    url: "shop.example.com/spring?ref=1",
    utm_source: "link bio",
    utm_campaign: "spring&sale",
  });
  await trpcMutation(page, "link.create", { title: "After dark", url: "example.com/adult", is_adult: true });

  const visitor = await browser.newContext();
  await stubOutside(visitor);
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  await expect(tab.getByRole("heading", { name: "Visit Me" })).toBeVisible();

  await tab.getByRole("link", { name: "Shop" }).click();
  const confirm = tab.getByRole("dialog");
  await expect(confirm).toContainText("Shop");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();

  await tab.getByRole("link", { name: "Shop" }).click();
  const [opened] = await Promise.all([visitor.waitForEvent("page"), tab.getByRole("button", { name: "Open link" }).click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe("https://shop.example.com/spring?ref=1&utm_source=link%20bio&utm_campaign=spring%26sale");
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();

  await tab.getByRole("link", { name: "After dark" }).click();
  const gate = tab.getByRole("dialog", { name: "Age verification" });
  await expect(gate).toBeVisible();
  await tab.mouse.click(5, 5);
  await expect(gate, "clicking outside does nothing").toBeVisible();
  await gate.getByRole("button", { name: "Go Back" }).click();
  await expect(gate).toBeHidden();
  expect(visitor.pages()).toHaveLength(1);

  await tab.getByRole("link", { name: "After dark" }).click();
  const [adult] = await Promise.all([visitor.waitForEvent("page"), gate.getByRole("button", { name: "I am 18 or older" }).click()]);
  expect(adult.url()).toBe("https://example.com/adult");
  await adult.close();
  // Verified for the rest of the session: the next adult click gets the ordinary confirmation.
  await tab.getByRole("link", { name: "After dark" }).click();
  await expect(tab.getByRole("dialog")).toContainText("After dark");
  await visitor.close();
});

test("private pages are for their owner only, unlisted pages are not indexed, unknown slugs are not found", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "hidden");
  await trpcMutation(page, "link.create", { title: "Secret link", url: "example.com" });
  const visitor = await browser.newPage();

  await trpcMutation(page, "profile.updateMe", { profile_visibility: "private" });
  await visitor.goto(`/u/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Profile Not Available" })).toBeVisible();
  await expect(visitor.getByText("This profile is currently private.")).toBeVisible();
  await expect(visitor.getByText("Secret link")).toHaveCount(0);
  await page.goto(`/u/${slug}`);
  await expect(page.getByRole("link", { name: "Secret link" })).toBeVisible();

  await trpcMutation(page, "profile.updateMe", { profile_visibility: "unlisted" });
  const response = await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole("link", { name: "Secret link" })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");

  const missing = await visitor.goto("/u/nobody-has-this-name");
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
  // The page itself says what happened; no toast repeats it.
  await expect(visitor.getByText('Profile "nobody-has-this-name" not found')).toHaveCount(0);
  await visitor.getByRole("link", { name: "Go to Homepage" }).click();
  await expect(visitor).toHaveURL(/\/$/);
});

test("the page is lean: no third-party requests, little JavaScript, and fresh after every edit", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "lean");
  const visitor = await browser.newPage();
  const requests: string[] = [];
  let scriptBytes = 0;
  visitor.on("request", (request) => requests.push(request.url()));
  visitor.on("response", async (response) => {
    if (response.request().resourceType() === "script")
      scriptBytes += Number(response.headers()["content-length"] ?? (await response.body()).byteLength);
  });

  await visitor.goto(`/${slug}`);
  await expect(visitor.getByText("No links added yet")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: `@${slug}` })).toBeVisible();
  await expect(visitor.getByText("Powered by")).toBeVisible();
  expect(requests.filter((url) => !url.startsWith("http://localhost"))).toEqual([]);
  expect(scriptBytes).toBeGreaterThan(0);
  expect(scriptBytes).toBeLessThan(30 * 1024);

  await trpcMutation(page, "link.create", { title: "Fresh link", url: "example.com" });
  await trpcMutation(page, "design.save", { hide_footer: true });
  await visitor.reload();
  await expect(visitor.getByRole("link", { name: "Fresh link" })).toBeVisible();
  await expect(visitor.getByText("Powered by")).toHaveCount(0);
});

test("the page keeps its look and behaviour under its content security policy", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "policy");
  await trpcMutation(page, "link.create", { title: "Styled link", url: "example.com" });
  await trpcMutation(page, "design.save", {
    wallpaper_type: "gradient",
    gradient_start: "#ff0000",
    gradient_end: "#0000ff",
    font_family: "Poppins",
    animation_type: "fade",
    youtube_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  });

  const context = await browser.newContext();
  await stubOutside(context);
  const visitor = await context.newPage();
  const violations: string[] = [];
  visitor.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await visitor.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const answer = await visitor.goto(`/${slug}`);
  const policy = answer!.headers()["content-security-policy"]!;
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-src https://www.youtube-nocookie.com");
  await expect(visitor.locator(".lb-wallpaper")).toHaveCSS("background-image", /linear-gradient/);
  await expect(visitor.locator(".lb-page")).toHaveCSS("font-family", /Poppins/);
  const fontLoaded = await visitor.evaluate(async () => {
    await document.fonts.load("16px Poppins");
    return [...document.fonts].some((face) => face.family.includes("Poppins") && face.status === "loaded");
  });
  expect(fontLoaded, "the page's own @font-face rules apply").toBe(true);
  await expect(visitor.locator("iframe#lb-music")).toBeAttached();

  await visitor.getByRole("link", { name: "Styled link" }).click();
  await expect(visitor.getByRole("dialog")).toContainText("Styled link");
  await visitor.getByRole("button", { name: "Cancel" }).click();
  await expect(visitor.getByRole("dialog")).toBeHidden();
  expect(violations).toEqual([]);
  await context.close();
});
