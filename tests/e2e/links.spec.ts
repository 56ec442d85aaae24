import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import superjson from "superjson";
import { PASSWORD, finishOnboarding, newEmail } from "./support";

function uniqueSlug(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** support.signUp, waiting for the form to be hydrated first: under load a click can otherwise submit it natively. */
async function register(page: Page): Promise<void> {
  await page.goto("/register", { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(newEmail("links"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/onboarding/);
}

/** A new account with one profile at `slug` and onboarding finished, on `path`. */
async function signInWithProfile(page: Page, slug: string, path = "/dashboard"): Promise<void> {
  await register(page);
  const response = await page.request.post("/api/trpc/profile.updateSlug", { data: superjson.serialize({ slug }) });
  expect(response.ok()).toBe(true);
  await finishOnboarding(page);
  await page.goto(path);
}

/** Adds links through the API, in order (the server appends each at the end). */
async function seedLinks(page: Page, links: { title: string; url: string }[]): Promise<void> {
  for (const link of links) {
    const response = await page.request.post("/api/trpc/link.create", { data: superjson.serialize(link) });
    expect(response.ok()).toBe(true);
  }
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();
const addDialog = (page: Page) => page.getByRole("dialog", { name: "Add New Link" });
const editDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Link" });
const rows = (page: Page) => page.getByTestId("link-row");
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const preview = (page: Page) => page.getByRole("figure", { name: "Preview of your page" });
const managerRows = (page: Page) => page.getByTestId("manager-row");
const handle = (page: Page, title: string) => page.getByRole("button", { name: `Drag to reorder ${title}` });
const liveRegion = (page: Page) => page.locator("[id^='DndLiveRegion']");

async function managerOrder(page: Page): Promise<string[]> {
  return managerRows(page).locator("p.font-semibold").allTextContents();
}

/** Titles of the public page's link buttons and headings, top to bottom. */
async function publicOrder(page: Page, slug: string): Promise<string[]> {
  await page.goto(`/u/${slug}`);
  await expect(page.locator(".lb-page")).toBeVisible();
  return page.locator(".lb-links a[data-link-id], .lb-links .lb-header").allTextContents();
}

async function addThroughModal(page: Page, link: { title: string; url?: string; type: string; username?: string }): Promise<void> {
  await page.getByRole("button", { name: "Add Link" }).first().click();
  const dialog = addDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill(link.title);
  if (link.url) await dialog.getByLabel("URL", { exact: true }).fill(link.url);
  await dialog.getByLabel("Link type").selectOption({ label: link.type });
  if (link.username) await dialog.getByLabel("Username").fill(link.username);
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, link.title)).toBeVisible();
}

async function openRowMenu(target: Locator): Promise<void> {
  await target.getByRole("button", { name: /^Actions for / }).click();
}

test("the link modal validates with the server's rules and adds a link of every type", async ({ page }) => {
  const slug = uniqueSlug("types");
  await signInWithProfile(page, slug);
  await expect(page.getByText("No links found")).toBeVisible();
  await expect(page.getByText("Add your first link to get started")).toBeVisible();
  await expect(preview(page).getByText("Your active links will appear here")).toBeVisible();
  const viewPage = page.getByRole("link", { name: /View your page/ });
  await expect(viewPage).toHaveAttribute("href", `/${slug}`);
  await expect(viewPage).toHaveAttribute("target", "_blank");

  // Validation: each message, each cleared by editing its field; javascript: is refused.
  await page.getByRole("button", { name: "Add Link" }).first().click();
  const dialog = addDialog(page);
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("URL is required for non-header links")).toBeVisible();
  await dialog.getByLabel("Title").fill("x".repeat(201));
  await expect(dialog.getByText("Title is required")).toBeHidden();
  await expect(dialog.getByText("URL is required for non-header links")).toBeVisible();
  await dialog.getByLabel("URL", { exact: true }).fill("javascript:alert(1)");
  await expect(dialog.getByText("URL is required for non-header links")).toBeHidden();
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(dialog.getByText("Title must be less than 200 characters")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid URL")).toBeVisible();
  await dialog.getByLabel("URL", { exact: true }).fill("example.com/me");
  await expect(dialog.getByText("Please enter a valid URL")).toBeHidden();

  // Username only for social, music and video; no 18+ or UTM for headers.
  const typeSelect = dialog.getByLabel("Link type");
  await expect(typeSelect.locator("option")).toHaveText([
    "Regular Link",
    "Header",
    "Social Media",
    "Music Platform",
    "Video Platform",
    "Payment Method",
    "Email Sign-up",
  ]);
  await expect(dialog.getByLabel("Username")).toHaveCount(0);
  for (const [label, hasUsername] of [
    ["Social Media", true],
    ["Music Platform", true],
    ["Video Platform", true],
    ["Payment Method", false],
  ] as const) {
    await typeSelect.selectOption({ label });
    await expect(dialog.getByLabel("Username")).toHaveCount(hasUsername ? 1 : 0);
  }
  await typeSelect.selectOption({ label: "Header" });
  await expect(dialog.getByLabel("18+ content (visitors confirm their age)")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /UTM parameters/ })).toHaveCount(0);
  await typeSelect.selectOption({ label: "Regular Link" });
  await expect(dialog.getByLabel("18+ content (visitors confirm their age)")).toBeVisible();

  // The UTM preview shows the final address, https:// added.
  await dialog.getByRole("button", { name: /UTM parameters/ }).click();
  await dialog.getByLabel("UTM source").fill("bio");
  await dialog.getByLabel("UTM campaign").fill("spring sale");
  await expect(dialog.getByTestId("utm-preview")).toHaveText("https://example.com/me?utm_source=bio&utm_campaign=spring%20sale");
  await dialog.getByLabel("Title").fill("My Website");
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(toast(page, "Link added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, "My Website").getByRole("link", { name: "https://example.com/me" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(row(page, "My Website").getByRole("link", { name: "https://example.com/me" })).toHaveAttribute("target", "_blank");

  await addThroughModal(page, { title: "Section", type: "Header" });
  await addThroughModal(page, { title: "Instagram", url: "instagram.com/me", type: "Social Media", username: "me_on_ig" });
  await addThroughModal(page, { title: "Spotify", url: "open.spotify.com/artist/1", type: "Music Platform", username: "dj" });
  await addThroughModal(page, { title: "YouTube", url: "youtube.com/@me", type: "Video Platform" });
  await addThroughModal(page, { title: "Tip jar", url: "paypal.me/me", type: "Payment Method" });

  await expect(rows(page)).toHaveCount(6);
  await expect(row(page, "Instagram")).toContainText("@me_on_ig");
  await expect(row(page, "Instagram")).toContainText("https://instagram.com/me");
  await expect(row(page, "Section")).toContainText("Header");
  await expect(row(page, "Section").getByRole("link")).toHaveCount(0);
  await expect(row(page, "My Website")).toContainText("0clicks");

  // The preview shows the first five active links only.
  const phone = preview(page);
  await expect(phone.getByText("Spotify")).toBeVisible();
  await expect(phone.getByRole("heading", { name: "Section" })).toBeVisible();
  await expect(phone.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(phone.getByText("YouTube")).toBeVisible();
  await expect(phone.getByText("Tip jar")).toHaveCount(0);
});

test("edit, duplicate, delete and search on the dashboard", async ({ page }) => {
  const slug = uniqueSlug("dash");
  await signInWithProfile(page, slug);
  await seedLinks(page, [
    { title: "Portfolio", url: "https://portfolio.example.com" },
    { title: "Newsletter", url: "https://letters.example.org/join" },
  ]);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);

  // Edit: prefilled, UTM section closed while no UTM value exists.
  await openRowMenu(row(page, "Portfolio"));
  await page.getByRole("menuitem", { name: "Edit" }).click();
  let dialog = editDialog(page);
  await expect(dialog.getByLabel("Title")).toHaveValue("Portfolio");
  await expect(dialog.getByLabel("URL", { exact: true })).toHaveValue("https://portfolio.example.com");
  await expect(dialog.getByLabel("Link type")).toHaveValue("regular");
  await expect(dialog.getByRole("button", { name: /UTM parameters/ })).toHaveAttribute("aria-expanded", "false");
  await dialog.getByLabel("Title").fill("Portfolio 2025");
  await dialog.getByRole("button", { name: /UTM parameters/ }).click();
  await dialog.getByLabel("UTM medium").fill("social");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Link updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Portfolio 2025")).toBeVisible();

  // Reopened: the UTM section opens by itself because a UTM value is set.
  await openRowMenu(row(page, "Portfolio 2025"));
  await page.getByRole("menuitem", { name: "Edit" }).click();
  dialog = editDialog(page);
  await expect(dialog.getByRole("button", { name: /UTM parameters/ })).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByLabel("UTM medium")).toHaveValue("social");
  await expect(dialog.getByTestId("utm-preview")).toHaveText("https://portfolio.example.com?utm_medium=social");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The row menu from the keyboard: Duplicate puts the copy right after the original.
  // Closing the dialog hands focus back to the row's menu button (after the dialog is gone, so wait
  // for it: a menu opened before then would lose focus to it and close).
  const menuButton = row(page, "Portfolio 2025").getByRole("button", { name: /^Actions for / });
  await expect(menuButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Link duplicated")).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByRole("heading")).toHaveText(["Portfolio 2025", "Portfolio 2025 (copy)", "Newsletter"]);

  // Delete asks first; Cancel keeps the link.
  await openRowMenu(rows(page).nth(1));
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete link" });
  await expect(confirm.getByText("Are you sure you want to delete this link?")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(rows(page)).toHaveCount(3);
  await openRowMenu(rows(page).nth(1));
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Link deleted")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  // Search by title or address, case-insensitively.
  const search = page.getByPlaceholder("Search links...");
  await search.fill("NEWS");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Newsletter")).toBeVisible();
  await search.fill("Example.ORG");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Newsletter")).toBeVisible();
  await search.fill("nothing like this");
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText("No links found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search")).toBeVisible();
  await search.fill("");
  await expect(rows(page)).toHaveCount(2);
});

test("the links manager adds, edits, switches off, deletes and shares links", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const slug = uniqueSlug("manage");
  await signInWithProfile(page, slug, "/links");
  const address = `http://localhost:${new URL(page.url()).port}/${slug}`;
  await expect(page.getByRole("heading", { name: `@${slug}` })).toBeVisible();
  await expect(page.getByRole("link", { name: address })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Design", exact: true })).toHaveAttribute("href", "/design");
  await expect(page.getByText("No links yet")).toBeVisible();
  await expect(page.getByText("Add your first link to get started")).toBeVisible();

  // Copy Link and Share give the address on the server's own origin, scheme included (http here).
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const sharePanel = page.getByRole("dialog", { name: "Share your page" });
  await sharePanel.getByRole("button", { name: "Share…" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(address);
  await sharePanel.getByRole("button", { name: "Close" }).click();

  // Inline add: both fields required.
  const form = page.getByRole("form", { name: "Add a link" });
  await form.getByLabel("Link title").fill("Alpha");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form.getByText("Please fill in both title and URL")).toBeVisible();
  await form.getByLabel("Link URL").fill("alpha.example.com");
  await expect(form.getByText("Please fill in both title and URL")).toBeHidden();
  await form.getByRole("button", { name: "Add" }).click();
  await expect(toast(page, "Link added")).toBeVisible();
  await expect(form.getByLabel("Link title")).toHaveValue("");
  await expect(managerRows(page)).toHaveCount(1);
  await expect(managerRows(page).first()).toContainText("https://alpha.example.com");
  await expect(managerRows(page).first()).toContainText("0 clicks");
  await seedLinks(page, [{ title: "Bravo", url: "https://bravo.example.com" }]);
  await page.reload();
  await expect(managerRows(page)).toHaveCount(2);

  // Inline edit: Cancel keeps it, Save changes it.
  await page.getByRole("button", { name: "Edit Alpha" }).click();
  await managerRows(page).first().getByLabel("Title").fill("Changed my mind");
  await managerRows(page).first().getByRole("button", { name: "Cancel" }).click();
  await expect(managerRows(page).first()).toContainText("Alpha");
  await page.getByRole("button", { name: "Edit Alpha" }).click();
  await managerRows(page).first().getByLabel("Title").fill("Alpha One");
  await managerRows(page).first().getByLabel("URL").fill("alpha.example.com/one");
  await managerRows(page).first().getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Link updated")).toBeVisible();
  await expect(managerRows(page).first()).toContainText("Alpha One");
  await expect(managerRows(page).first()).toContainText("https://alpha.example.com/one");

  // Switching Bravo off hides it from the public page and the dashboard preview.
  const bravoSwitch = page.getByRole("switch", { name: "Show Bravo on your page" });
  await expect(bravoSwitch).toHaveAttribute("aria-checked", "true");
  await bravoSwitch.click();
  await expect(toast(page, "Link status updated")).toBeVisible();
  await expect(bravoSwitch).toHaveAttribute("aria-checked", "false");
  expect(await publicOrder(page, slug)).toEqual(["Alpha One"]);
  await page.goto("/dashboard");
  await expect(row(page, "Bravo")).toContainText("Inactive");
  await expect(preview(page).getByText("Alpha One")).toBeVisible();
  await expect(preview(page).getByText("Bravo")).toHaveCount(0);

  // Delete after confirmation.
  await page.goto("/links");
  await page.getByRole("button", { name: "Delete Bravo" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete link" });
  await expect(confirm).toContainText("Are you sure you want to delete this link?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Link deleted")).toBeVisible();
  await expect(managerRows(page)).toHaveCount(1);
});

test("links reorder by mouse and by keyboard, and the public page follows", async ({ page }) => {
  const slug = uniqueSlug("order");
  await signInWithProfile(page, slug, "/links");
  await seedLinks(page, [
    { title: "Alpha", url: "https://a.example.com" },
    { title: "Bravo", url: "https://b.example.com" },
    { title: "Charlie", url: "https://c.example.com" },
  ]);
  await page.reload();
  await expect.poll(() => managerOrder(page)).toEqual(["Alpha", "Bravo", "Charlie"]);

  // Mouse: drag Charlie above Alpha.
  const from = (await handle(page, "Charlie").boundingBox())!;
  const to = (await managerRows(page).first().boundingBox())!;
  const saved = page.waitForResponse((response) => response.url().includes("link.reorder"));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => managerOrder(page)).toEqual(["Charlie", "Alpha", "Bravo"]);
  expect((await saved).ok()).toBe(true);

  // Keyboard: focus Charlie's handle, Space to lift, ArrowDown, Space to drop.
  await handle(page, "Charlie").focus();
  const savedAgain = page.waitForResponse((response) => response.url().includes("link.reorder"));
  await page.keyboard.press("Space");
  await expect(handle(page, "Charlie")).toHaveAttribute("aria-pressed", "true");
  await expect(liveRegion(page)).toContainText("Picked up Charlie");
  await page.keyboard.press("ArrowDown");
  await expect(liveRegion(page)).toContainText("Charlie moved to position 2 of 3");
  await page.keyboard.press("Space");
  await expect.poll(() => managerOrder(page)).toEqual(["Alpha", "Charlie", "Bravo"]);
  expect((await savedAgain).ok()).toBe(true);
  await expect(handle(page, "Charlie")).toBeFocused();

  await page.reload();
  await expect.poll(() => managerOrder(page)).toEqual(["Alpha", "Charlie", "Bravo"]);
  expect(await publicOrder(page, slug)).toEqual(["Alpha", "Charlie", "Bravo"]);
});

/** Space, then ArrowUp, on the handle within one task, as a busy browser may deliver two quick presses. */
async function pickUpAndMoveUp(target: Locator): Promise<void> {
  await target.evaluate((button) => {
    for (const [key, code] of [
      [" ", "Space"],
      ["ArrowUp", "ArrowUp"],
    ]) {
      button.dispatchEvent(new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true }));
    }
  });
}

test("a move pressed the moment a row is picked up is not lost, before or after drag and drop has loaded", async ({ page }) => {
  const slug = uniqueSlug("quick");
  await signInWithProfile(page, slug, "/links");
  await seedLinks(page, [
    { title: "First", url: "https://1.example.com" },
    { title: "Second", url: "https://2.example.com" },
    { title: "Third", url: "https://3.example.com" },
  ]);
  await page.reload();
  await expect.poll(() => managerOrder(page)).toEqual(["First", "Second", "Third"]);

  // Before it has loaded: the grab and the move both reach the stand-in handle, and are handed over in order.
  await expect(handle(page, "Third")).not.toHaveAttribute("aria-roledescription", "sortable");
  await pickUpAndMoveUp(handle(page, "Third"));
  await expect(liveRegion(page)).toContainText("Third moved to position 2 of 3");
  await page.keyboard.press("Space");
  await expect.poll(() => managerOrder(page)).toEqual(["First", "Third", "Second"]);

  // Loaded: the ArrowUp comes before drag and drop's own key listener exists (it starts in a timer).
  await expect(handle(page, "Third")).toHaveAttribute("aria-roledescription", "sortable");
  await pickUpAndMoveUp(handle(page, "Third"));
  await expect(liveRegion(page)).toContainText("Third moved to position 1 of 3");
  await page.keyboard.press("Space");
  await expect.poll(() => managerOrder(page)).toEqual(["Third", "First", "Second"]);
});

test("failures to reorder and to load are reported", async ({ page }) => {
  const slug = uniqueSlug("fail");
  await signInWithProfile(page, slug, "/links");
  await seedLinks(page, [
    { title: "First", url: "https://1.example.com" },
    { title: "Second", url: "https://2.example.com" },
  ]);
  await page.reload();
  await expect.poll(() => managerOrder(page)).toEqual(["First", "Second"]);
  await page.route(
    (url) => url.pathname.includes("link.reorder"),
    (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await handle(page, "Second").focus();
  await page.keyboard.press("Space");
  await expect(handle(page, "Second")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  await expect(liveRegion(page)).toContainText("Second moved to position 1 of 2");
  await page.keyboard.press("Space");
  await expect(toast(page, "Failed to update links order")).toBeVisible();
  await expect.poll(() => managerOrder(page)).toEqual(["First", "Second"]);

  // A list that cannot be loaded says so.
  await page.route(
    (url) => url.pathname.includes("link.list"),
    (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/dashboard");
  await expect(toast(page, "Failed to load links")).toBeVisible();
  await expect(page.getByText("Couldn't load your links")).toBeVisible();
});
