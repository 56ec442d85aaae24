import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { forgetSession, signUpCreator, trpcMutation } from "./support";

/** Outside addresses answer locally, so opening a link never leaves the machine. */
async function stubOutside(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ body: "outside", contentType: "text/plain" }));
}

const focusInside = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)!.contains(document.activeElement), selector);

test("the confirmation wears the page's font, names the link and its host, keeps focus inside and closes with Esc", async ({
  page,
  browser,
}) => {
  const { slug } = await signUpCreator(page, "confirm");
  await trpcMutation(page, "design.save", {
    font_family: "Poppins",
    text_color: "#f8fafc",
    background_color: "#0f172a",
    button_color: "#22c55e",
  });
  await trpcMutation(page, "link.create", { title: "Spring shop", url: "shop.example.com/spring" });

  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await stubOutside(visitor);
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  const link = tab.getByRole("link", { name: "Spring shop" });
  await link.click();

  const dialog = tab.getByRole("dialog", { name: "Spring shop" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You're about to visit shop.example.com");
  await expect(dialog).toHaveCSS("font-family", /Poppins/);
  // Light page text gets a dark surface, and the text stays the light one: legible on the page's own palette.
  const colours = await dialog.evaluate((element) => ({
    text: getComputedStyle(element).color,
    surface: getComputedStyle(element).backgroundColor,
  }));
  expect(colours.surface).not.toBe("rgb(255, 255, 255)");
  expect(colours.text).not.toBe(colours.surface);

  // Roomy on a 375 px phone: inside the screen with a margin, buttons big enough to tap.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(12);
  expect(box.x + box.width).toBeLessThanOrEqual(375 - 12);
  for (const name of ["Cancel", "Open link"]) {
    expect((await dialog.getByRole("button", { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await expect(dialog.getByRole("button", { name: "Open link" })).toBeFocused();
  for (let step = 0; step < 4; step += 1) {
    await tab.keyboard.press("Tab");
    expect(await focusInside(tab, "#lb-confirm"), `focus after ${step + 1} Tab presses`).toBe(true);
  }
  await tab.keyboard.press("Shift+Tab");
  expect(await focusInside(tab, "#lb-confirm")).toBe(true);

  await tab.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link, "focus returns to the link that opened the dialog").toBeFocused();
  expect(visitor.pages()).toHaveLength(1);

  // Enter on the focused link asks again, and 'Open link' opens it.
  await tab.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const [opened] = await Promise.all([visitor.waitForEvent("page"), dialog.getByRole("button", { name: "Open link" }).click()]);
  expect(opened.url()).toBe("https://shop.example.com/spring");
  await visitor.close();
});

test("a confirmation reopened before its last closing's event has run still opens the link", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "reopen");
  await trpcMutation(page, "link.create", { title: "Spring shop", url: "shop.example.com/spring" });

  const visitor = await browser.newContext();
  await stubOutside(visitor);
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  const dialog = tab.getByRole("dialog", { name: "Spring shop" });
  await tab.getByRole("link", { name: "Spring shop" }).click();
  await expect(dialog).toBeVisible();
  // Closed and reopened in one task, as Esc then Enter can be when input runs ahead of the queued
  // close event: that event belongs to the first opening and must not take the second one's link.
  await tab.evaluate(() => {
    (document.getElementById("lb-confirm") as HTMLDialogElement).close();
    document.querySelector<HTMLAnchorElement>("a[data-link-id]")!.click();
  });
  await expect(dialog).toBeVisible();
  const [opened] = await Promise.all([visitor.waitForEvent("page"), dialog.getByRole("button", { name: "Open link" }).click()]);
  expect(opened.url()).toBe("https://shop.example.com/spring");
  await visitor.close();
});

test("for mailto: and tel: links the confirmation says it opens the mail or phone app", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "apps");
  await trpcMutation(page, "link.create", { title: "Write to Maya", url: "mailto:maya@example.com?subject=Hello" });
  await trpcMutation(page, "link.create", { title: "Call Maya", url: "tel:+15551234567" });

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  await tab.getByRole("link", { name: "Write to Maya" }).click();
  const mail = tab.getByRole("dialog", { name: "Write to Maya" });
  await expect(mail).toContainText("This opens your email app to write to maya@example.com");
  await expect(mail).not.toContainText("about to visit");
  await expect(mail.getByRole("button", { name: "Open email app" })).toBeFocused();
  await tab.keyboard.press("Escape");

  await tab.getByRole("link", { name: "Call Maya" }).click();
  const call = tab.getByRole("dialog", { name: "Call Maya" });
  await expect(call).toContainText("This opens your phone app to call +15551234567");
  await expect(call.getByRole("button", { name: "Open phone app" })).toBeVisible();
  await visitor.close();
});

test("the age gate names the link and its host; Esc and Go Back only close it", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "agegate");
  await trpcMutation(page, "link.create", { title: "After dark", url: "late.example.com/night", is_adult: true });

  const visitor = await browser.newContext();
  await stubOutside(visitor);
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  const link = tab.getByRole("link", { name: "After dark" });
  const gate = tab.getByRole("dialog", { name: "Age verification" });

  await link.click();
  await expect(gate).toBeVisible();
  await expect(gate).toContainText("After dark");
  await expect(gate).toContainText("late.example.com");
  await expect(gate.getByRole("button", { name: "Go Back" }), "the safe answer has the focus").toBeFocused();
  await tab.keyboard.press("Tab");
  await tab.keyboard.press("Tab");
  expect(await focusInside(tab, "#lb-age")).toBe(true);

  await tab.keyboard.press("Escape");
  await expect(gate).toBeHidden();
  await expect(link).toBeFocused();
  expect(visitor.pages()).toHaveLength(1);

  // Esc confirmed nothing: the gate asks again, and Go Back closes it too.
  await link.click();
  await expect(gate).toBeVisible();
  await gate.getByRole("button", { name: "Go Back" }).click();
  await expect(gate).toBeHidden();
  expect(visitor.pages()).toHaveLength(1);
  await visitor.close();
});

test("with 'Ask visitors before opening links' off, a link opens at once and is still counted; adult links keep the age gate", async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await signUpCreator(page, "target");
  await forgetSession(page);
  const { slug } = await signUpCreator(page, "direct");
  await trpcMutation(page, "design.save", { ask_before_opening_links: false });
  const destination = new URL(`/${other.slug}`, baseURL).toString();
  const plain = await trpcMutation<{ id: string }>(page, "link.create", { title: "My friend", url: destination });
  await trpcMutation(page, "link.create", { title: "Grown-ups", url: "adult.example.com", is_adult: true });

  const visitor = await browser.newContext();
  await stubOutside(visitor);
  const tab = await visitor.newPage();
  await tab.goto(`/${slug}`);
  await expect(tab.locator("#lb-confirm")).toHaveCount(0);

  const [opened, beacon] = await Promise.all([
    visitor.waitForEvent("page"),
    tab.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`/api/v1/links/${plain.id}/click/`)),
    tab.getByRole("link", { name: "My friend" }).click(),
  ]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(destination);
  await expect(opened.getByRole("heading", { name: `@${other.slug}` })).toBeVisible();
  expect(beacon.url()).toContain(plain.id);
  await expect(tab.getByRole("dialog")).toHaveCount(0);
  await opened.close();

  await tab.getByRole("link", { name: "Grown-ups" }).click();
  const gate = tab.getByRole("dialog", { name: "Age verification" });
  await expect(gate).toBeVisible();
  const [adult] = await Promise.all([visitor.waitForEvent("page"), gate.getByRole("button", { name: "I am 18 or older" }).click()]);
  expect(adult.url()).toBe("https://adult.example.com/");
  await visitor.close();
});
