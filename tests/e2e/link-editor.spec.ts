import { expect, test, type Page } from "@playwright/test";
import { forgetSession, signUpCreator, trpcMutation, trpcQuery } from "./support";

// The creator's browser is in New York, the server in UTC: the schedule is entered and shown in New York time.
test.use({ timezoneId: "America/New_York" });

/** A 1×1 PNG, as a creator would pick for a thumbnail. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

interface StoredLink {
  title: string;
  link_type: string;
  is_active: boolean;
  is_adult: boolean;
  thumbnail: string | null;
  utm_source: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
}

/** A moment `minutes` from now as a datetime-local value and as the badge prints it, both in the browser's time zone. */
function localMoment(page: Page, minutes: number) {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    date.setSeconds(0, 0);
    const pad = (value: number) => String(value).padStart(2, "0");
    return {
      input: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`,
      shown: date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
      iso: date.toISOString(),
    };
  }, minutes);
}

async function storedLink(page: Page, title: string): Promise<StoredLink> {
  const links = await trpcQuery<StoredLink[]>(page, "link.list");
  return links.find((link) => link.title === title)!;
}

async function publicTitles(page: Page, slug: string): Promise<string[]> {
  const response = await page.request.get(`/api/v1/profiles/${slug}/`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { links: { title: string }[] }).links.map((link) => link.title);
}

test("/links opens the one link editor with every field, and a schedule set in the creator's time zone shows as badges and on the page", async ({
  page,
}) => {
  const { slug } = await signUpCreator(page, "editor");
  await trpcMutation(page, "link.create", { title: "Launch", url: "https://example.com/launch" });
  await page.goto("/links");

  await page.getByRole("button", { name: "All settings for Launch" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Link" });
  await expect(dialog.getByLabel("Link type")).toBeVisible();
  await dialog.getByLabel("Link type").selectOption("payment");
  await dialog.getByLabel("Choose image").setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: PIXEL });
  await expect(dialog.getByRole("img", { name: "Thumbnail" })).toBeVisible();
  await dialog.getByLabel("18+ content (visitors confirm their age)").check();
  await dialog.getByRole("button", { name: /UTM parameters/ }).click();
  await dialog.getByLabel("UTM source").fill("bio");
  await expect(dialog.getByText(/Times are in your time zone \(America\/New_York\)/)).toBeVisible();
  const start = await localMoment(page, 90);
  await dialog.getByLabel("Start", { exact: true }).fill(start.input);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();

  // The time typed in New York is the moment stored.
  const saved = await storedLink(page, "Launch");
  expect(saved).toMatchObject({ link_type: "payment", is_adult: true, utm_source: "bio", ends_at: null });
  expect(new Date(saved.starts_at!).toISOString()).toBe(start.iso);
  expect(saved.thumbnail).toMatch(/^\/api\/assets\//);
  await expect(page.getByTestId("manager-row").getByText(`Scheduled · starts ${start.shown}`)).toBeVisible();
  expect(await publicTitles(page, slug)).not.toContain("Launch");

  // The dashboard's Edit opens the same editor, prefilled; the schedule moves into the past and the link is hidden.
  await page.goto("/dashboard");
  const row = page.getByTestId("link-row").filter({ hasText: "Launch" });
  await expect(row.getByText(`Scheduled · starts ${start.shown}`)).toBeVisible();
  await row.getByRole("button", { name: "Actions for Launch" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Link" });
  await expect(edit.getByLabel("Start", { exact: true })).toHaveValue(start.input);
  await expect(edit.getByRole("img", { name: "Thumbnail" })).toBeVisible();
  const started = await localMoment(page, -120);
  const ended = await localMoment(page, -60);
  await edit.getByLabel("End", { exact: true }).fill(started.input);
  await edit.getByLabel("Start", { exact: true }).fill(ended.input);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("End time must be after start time")).toBeVisible();
  await edit.getByLabel("Start", { exact: true }).fill(started.input);
  await edit.getByLabel("End", { exact: true }).fill(ended.input);
  await edit.getByRole("switch", { name: "Show on my page" }).click();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText(`Expired · ended ${ended.shown}`)).toBeVisible();
  await expect(row.getByText("Inactive")).toBeVisible();
  expect(await storedLink(page, "Launch")).toMatchObject({ is_active: false });

  // Live again: active, the end cleared, the start in the past; the public page shows it.
  await row.getByRole("button", { name: "Actions for Launch" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await edit.getByRole("switch", { name: "Show on my page" }).click();
  await edit.getByRole("button", { name: "Clear end" }).click();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText(/Scheduled|Expired/)).toHaveCount(0);
  await forgetSession(page);
  expect(await publicTitles(page, slug)).toContain("Launch");
});

test("the dashboard reaches a link's position too: Move up and Move down", async ({ page }) => {
  await signUpCreator(page, "mover");
  for (const title of ["First", "Second", "Third"]) await trpcMutation(page, "link.create", { title, url: `https://example.com/${title}` });
  await page.goto("/dashboard");
  const headings = page.getByTestId("link-row").getByRole("heading");
  await expect(headings).toHaveText(["First", "Second", "Third"]);
  await page.getByRole("button", { name: "Actions for First" }).click();
  await expect(page.getByRole("menuitem", { name: "Move up" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Move down" }).click();
  await expect(headings).toHaveText(["Second", "First", "Third"]);
  await page.getByRole("button", { name: "Actions for Third" }).click();
  await expect(page.getByRole("menuitem", { name: "Move down" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Move up" }).click();
  await expect(headings).toHaveText(["Second", "Third", "First"]);
});

test("a social link's own icon is chosen in the link editor and shown on the public page", async ({ page }) => {
  const { slug } = await signUpCreator(page, "icon");
  await trpcMutation(page, "link.create", { title: "Fan club", url: "https://example.com/fans", link_type: "social", username: "fans" });
  await page.goto("/links");

  await page.getByRole("button", { name: "All settings for Fan club" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Link" });
  await dialog.getByLabel("Choose icon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PIXEL });
  await expect(dialog.getByRole("img", { name: "Icon", exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();

  const [saved] = await trpcQuery<{ title: string; icon_url: string | null }[]>(page, "link.list");
  expect(saved?.icon_url).toMatch(/^\/api\/assets\//);
  await page.goto(`/u/${slug}`);
  await expect(page.locator(`img[src="${saved!.icon_url}"]`)).toBeAttached();
});
