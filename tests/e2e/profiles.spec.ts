import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import superjson from "superjson";
import { DISPLAY_NAME_MAX_LENGTH } from "../../src/lib/schemas/profile-terms";
import { finishOnboarding, shownBeforeReload, signUp, trpcMutation } from "./support";

function uniqueSlug(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** A new account with one profile at `slug` and onboarding finished, on /dashboard. */
async function signInWithProfile(page: Page, slug: string): Promise<void> {
  await signUp(page);
  const response = await page.request.post("/api/trpc/profile.updateSlug", { data: superjson.serialize({ slug }) });
  expect(response.ok()).toBe(true);
  await finishOnboarding(page);
  await page.goto("/dashboard");
}

const switcher = (page: Page) => page.getByRole("button", { name: /Switch profile/ });
const menu = (page: Page) => page.getByRole("menu", { name: "Profiles" });
const profileItem = (page: Page, slug: string) => menu(page).getByRole("menuitemradio", { name: new RegExp(`@${slug}$`) });
const deleteButtons = (page: Page) => menu(page).getByRole("menuitem", { name: /^Delete profile/ });
const createDialog = (page: Page) => page.getByRole("dialog", { name: "Create New Profile" });

async function openMenu(page: Page): Promise<void> {
  await switcher(page).click();
  await expect(menu(page)).toBeVisible();
}

async function createProfile(page: Page, values: { displayName: string; username: string; bio?: string }): Promise<void> {
  await openMenu(page);
  await menu(page).getByRole("menuitem", { name: "Create New Profile" }).click();
  const dialog = createDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Display Name").fill(values.displayName);
  await dialog.getByLabel("Username (URL)").fill(values.username);
  if (values.bio) await dialog.getByLabel("Bio (Optional)").fill(values.bio);
  await dialog.getByRole("button", { name: "Create Profile" }).click();
}

test("create, switch to and delete profiles through the sidebar switcher", async ({ page }) => {
  test.slow(); // the whole journey in one account, with a page reload in the middle
  const first = uniqueSlug("first");
  const suffix = randomUUID().slice(0, 6);
  const second = `second-page_${suffix}`;
  await signInWithProfile(page, first);

  // One profile: listed with its check mark and no delete control.
  await expect(switcher(page)).toContainText(`@${first}`);
  await expect(page.getByRole("link", { name: /View Public Profile/ })).toHaveAttribute("href", `/${first}`);
  await openMenu(page);
  await expect(menu(page).getByRole("menuitemradio")).toHaveCount(1);
  await expect(profileItem(page, first)).toHaveAttribute("aria-checked", "true");
  await expect(deleteButtons(page)).toHaveCount(0);

  // The modal: Create Profile waits for a display name, the username is cleaned as it is typed.
  await menu(page).getByRole("menuitem", { name: "Create New Profile" }).click();
  const dialog = createDialog(page);
  await expect(dialog).toBeVisible();
  await expect(menu(page)).toBeHidden();
  await expect(dialog.getByLabel("Display Name")).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Create Profile" })).toBeDisabled();
  await dialog.getByLabel("Display Name").fill("Second Page");
  await expect(dialog.getByRole("button", { name: "Create Profile" })).toBeEnabled();
  // The rule and its messages are onboarding's (one schema): underscores are kept, two letters are too short.
  await expect(dialog.getByText("3–30 characters: letters, numbers, underscores and hyphens.")).toBeVisible();
  await dialog.getByLabel("Username (URL)").fill("ab");
  await expect(dialog.getByLabel("Username (URL)")).toHaveAccessibleDescription("Username must be at least 3 characters");
  await dialog.getByLabel("Username (URL)").fill(`Second-Page_ ${suffix}!`);
  await expect(dialog.getByLabel("Username (URL)")).toHaveValue(second);
  await dialog.getByLabel("Bio (Optional)").fill("My second page");
  await dialog.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("New profile created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both are listed; the first is still current, and each row can now be deleted.
  await openMenu(page);
  await expect(menu(page).getByRole("menuitemradio")).toHaveCount(2);
  await expect(profileItem(page, second)).toContainText("Second Page");
  await expect(profileItem(page, second)).toHaveAttribute("aria-checked", "false");
  await expect(profileItem(page, first)).toHaveAttribute("aria-checked", "true");
  await expect(deleteButtons(page)).toHaveCount(2);

  // Switching: toast, then the page reloads with the new profile current.
  const switchedToast = shownBeforeReload(page, "Profile switched successfully");
  const reloaded = page.waitForEvent("load");
  await profileItem(page, second).click();
  await expect(switchedToast).resolves.toBeTruthy();
  await reloaded;
  await expect(switcher(page)).toContainText(`@${second}`);
  await expect(page.getByRole("link", { name: /View Public Profile/ })).toHaveAttribute("href", `/${second}`);
  await openMenu(page);
  await expect(profileItem(page, second)).toHaveAttribute("aria-checked", "true");
  await expect(profileItem(page, second).getByTestId("current-profile-check")).toBeVisible();
  await expect(profileItem(page, first)).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await expect(menu(page)).toBeHidden();

  // A taken username: the server's message under the field, the modal stays open.
  await createProfile(page, { displayName: "Copycat", username: first });
  await expect(createDialog(page).getByText("This username is already taken")).toBeVisible();
  await expect(createDialog(page)).toBeVisible();
  // Typing in the field clears its error.
  await createDialog(page).getByLabel("Username (URL)").fill(`${first}x`);
  await expect(createDialog(page).getByText("This username is already taken")).toBeHidden();
  await createDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(createDialog(page)).toBeHidden();

  // Deleting the profile that is not current, after the app's own dialog says what goes with it.
  const deleteFirst = async () => {
    await openMenu(page);
    await menu(page)
      .getByRole("menuitem", { name: `Delete profile @${first}` })
      .click();
  };
  await deleteFirst();
  const confirm = page.getByRole("dialog", { name: "Are you sure you want to delete this profile?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`@${first}`);
  const goes = confirm.getByRole("list", { name: "Deleted with the profile" }).getByRole("listitem");
  await expect(goes).toHaveText(["Its 0 links", "Its analytics: every view and click it has counted"]);
  // Cancel and Escape keep the profile.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await deleteFirst();
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await deleteFirst();
  await confirm.getByRole("button", { name: "Delete profile" }).click();
  await expect(page.getByText("Profile deleted successfully")).toBeVisible();
  await expect(confirm).toBeHidden();
  await openMenu(page);
  await expect(menu(page).getByRole("menuitemradio")).toHaveCount(1);
  await expect(profileItem(page, first)).toHaveCount(0);
  await expect(profileItem(page, second)).toHaveAttribute("aria-checked", "true");

  // With one profile left, nothing offers to delete it, and the server refuses too.
  await expect(deleteButtons(page)).toHaveCount(0);
  const list = await page.request.get("/api/trpc/profile.list");
  const [only] = superjson.deserialize<{ id: string }[]>((await list.json()).result.data);
  const refused = await page.request.post("/api/trpc/profile.delete", { data: superjson.serialize({ id: only!.id }) });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain("Cannot delete your only profile");
});

test("the create-profile modal validates before sending and keeps focus inside", async ({ page }) => {
  await signInWithProfile(page, uniqueSlug("valid"));
  await openMenu(page);
  await menu(page).getByRole("menuitem", { name: "Create New Profile" }).click();
  const dialog = createDialog(page);
  await dialog.getByLabel("Display Name").fill("Shorty");
  await dialog.getByLabel("Username (URL)").fill("ab");
  await dialog.getByRole("button", { name: "Create Profile" }).click();
  await expect(dialog.getByText("Username must be at least 3 characters")).toBeVisible();

  // Tab wraps within the dialog.
  await dialog.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Create Profile" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

  // Escape closes it, focus goes back to the switcher, and the next opening starts empty.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(switcher(page)).toBeFocused();
  await openMenu(page);
  await menu(page).getByRole("menuitem", { name: "Create New Profile" }).click();
  await expect(dialog.getByLabel("Display Name")).toHaveValue("");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("the switcher menu works from the keyboard and closes on an outside click", async ({ page }) => {
  const slug = uniqueSlug("keys");
  await signInWithProfile(page, slug);
  await switcher(page).focus();
  await page.keyboard.press("Enter");
  await expect(menu(page)).toBeVisible();
  await expect(profileItem(page, slug)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu(page).getByRole("menuitem", { name: "Create New Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(profileItem(page, slug)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu(page)).toBeHidden();
  await expect(switcher(page)).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press("End");
  await page.keyboard.press(" ");
  await expect(createDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");

  await openMenu(page);
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(menu(page)).toBeHidden();
});

/** Fails unless the element lies wholly between the sidebar's edges, both read in one frame (the drawer slides in). */
async function expectInsideSidebar(name: string, element: Locator): Promise<void> {
  const edges = await element.evaluate((shown) => {
    const sidebar = document.querySelector('aside[aria-label="Sidebar"]')!.getBoundingClientRect();
    const box = shown.getBoundingClientRect();
    return { overLeft: sidebar.left - box.left, overRight: box.right - sidebar.right };
  });
  expect(edges.overLeft, `${name}: past the sidebar's left edge by`).toBeLessThanOrEqual(0);
  expect(edges.overRight, `${name}: past the sidebar's right edge by`).toBeLessThanOrEqual(0);
}

test("a long display name is cut short inside the sidebar, on a phone and on a wide screen", async ({ page }) => {
  const slug = uniqueSlug("long");
  const longName = "Wolfgang Amadeus Mozart-Wilhelmina Featherstonehaugh-Worthington".slice(0, DISPLAY_NAME_MAX_LENGTH);
  await signInWithProfile(page, slug);
  await trpcMutation(page, "profile.updateMe", { display_name: longName });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    if (viewport.width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(switcher(page)).toContainText(longName);
    await expectInsideSidebar(`the switcher at ${viewport.width} px`, switcher(page));
    await expectInsideSidebar(`View Public Profile at ${viewport.width} px`, page.getByRole("link", { name: /View Public Profile/ }));
    // The name is shortened with an ellipsis, not clipped or wrapped.
    const shown = switcher(page).getByText(longName);
    expect(await shown.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await openMenu(page);
    await expectInsideSidebar(`the menu at ${viewport.width} px`, menu(page));
    await expect(profileItem(page, slug)).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Escape");
  }
});

test("deleting the current profile reloads with the remaining one current", async ({ page }) => {
  const first = uniqueSlug("gone");
  const second = uniqueSlug("stays");
  await signInWithProfile(page, first);
  await createProfile(page, { displayName: "Stays", username: second });
  await expect(page.getByText("New profile created successfully")).toBeVisible();

  await openMenu(page);
  await menu(page)
    .getByRole("menuitem", { name: `Delete profile @${first}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Are you sure you want to delete this profile?" });
  await expect(confirm.getByRole("list", { name: "Deleted with the profile" })).toBeVisible();
  const deletedToast = shownBeforeReload(page, "Profile deleted successfully");
  const reloaded = page.waitForEvent("load");
  await confirm.getByRole("button", { name: "Delete profile" }).click();
  await expect(deletedToast).resolves.toBeTruthy();
  await reloaded;
  await expect(switcher(page)).toContainText(`@${second}`);
  await expect(page.getByRole("link", { name: /View Public Profile/ })).toHaveAttribute("href", `/${second}`);
});

test("failures to load the list and to switch are reported", async ({ page }) => {
  const first = uniqueSlug("sturdy");
  const second = uniqueSlug("other");
  await signInWithProfile(page, first);
  await createProfile(page, { displayName: "Other", username: second });
  await expect(page.getByText("New profile created successfully")).toBeVisible();

  await page.route("**/api/trpc/*profile.switch*", (route) => route.fulfill({ status: 500, body: "down" }));
  await openMenu(page);
  await profileItem(page, second).click();
  await expect(page.getByText("Failed to switch profile")).toBeVisible();
  await expect(profileItem(page, first)).toHaveAttribute("aria-checked", "true");

  await page.route("**/api/trpc/*profile.list*", (route) => route.fulfill({ status: 500, body: "down" }));
  await page.reload();
  await expect(page.getByText("Failed to load profiles")).toBeVisible();
  // The layout still knows the current profile.
  await expect(switcher(page)).toContainText(`@${first}`);
});

test("an account at its profile limit is told why the next profile cannot be created", async ({ page }) => {
  await signInWithProfile(page, uniqueSlug("limit"));
  for (let i = 1; i < 10; i++) {
    const response = await page.request.post("/api/trpc/profile.create", {
      data: superjson.serialize({ display_name: `Page ${i}`, slug: uniqueSlug(`limit${i}`) }),
    });
    expect(response.ok()).toBe(true);
  }
  const slug = uniqueSlug("eleventh");
  await createProfile(page, { displayName: "Eleventh", username: slug });
  await expect(page.getByText("An account can hold at most 10 profiles. Delete one to create another.")).toBeVisible();
  await expect(createDialog(page)).toBeVisible();
  await createDialog(page).getByRole("button", { name: "Cancel" }).click();
  await page.reload();
  await openMenu(page);
  await expect(menu(page).getByRole("menuitemradio")).toHaveCount(10);
  await expect(profileItem(page, slug)).toHaveCount(0);
});
