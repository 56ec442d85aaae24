import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Browser } from "@playwright/test";
import { simpleParser } from "mailparser";
import { newEmail, signUpCreator, trpcMutation } from "./support";

// Without SMTP_URL the server writes every message to DATA_DIR/outbox/ as an .eml file.
const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e", "outbox");

/** The confirmation link of the newest "Confirm your subscription" message to `to`, read from the outbox. */
async function confirmLinkFor(to: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX) : [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
          const recipients = [mail.to].flat().flatMap((address) => address?.value.map((entry) => entry.address) ?? []);
          if (!recipients.includes(to) || !/^Confirm your subscription to /.test(mail.subject ?? "")) continue;
          expect(mail.text).toMatch(/Unsubscribe: http\S+\/subscription\/unsubscribe\?token=/);
          found = (mail.text ?? "").match(/https?:\/\/\S+\/subscription\/confirm\?token=\S+/)?.[0];
        }
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** A visitor in a browser of their own (a desktop Chrome, so not taken for a bot), with or without script. */
async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...devices["Desktop Chrome"], javaScriptEnabled });
  return context.newPage();
}

test("a visitor signs up without script and with it, confirms by email, and the creator sees and removes them", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { slug } = await signUpCreator(page, "audience");
  await trpcMutation(page, "profile.updateMe", { display_name: "Grace Hopper" });

  // The creator adds the block in the link editor.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Link" }).first().click();
  const add = page.getByRole("dialog", { name: "Add New Link" });
  await add.getByLabel("Link type").selectOption("signup");
  await expect(add.getByLabel("URL")).toHaveCount(0);
  await add.getByLabel("Heading").fill("Get my newsletter");
  await add.getByLabel("Success message").fill("Nearly done: confirm in your inbox.");
  await add.getByRole("button", { name: "Add Link" }).click();
  await expect(add).toBeHidden();

  // Without script: the form posts and a small page answers, with a way back.
  const plain = await visitor(browser, false);
  await plain.goto(`/${slug}`);
  const block = plain.getByRole("main");
  await expect(block.getByRole("heading", { name: "Get my newsletter" })).toBeVisible();
  await expect(block.getByText("By subscribing you agree to receive emails from Grace Hopper. Unsubscribe anytime.")).toBeVisible();
  const first = newEmail("plain");
  await block.getByLabel("Email address").fill(first);
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(plain).toHaveURL(new RegExp(`/u/${slug}/subscribe$`));
  await expect(plain.getByRole("heading", { name: "Almost there" })).toBeVisible();
  await expect(plain.getByText("Nearly done: confirm in your inbox.")).toBeVisible();
  await plain.getByRole("link", { name: "Back to the page" }).click();
  await expect(plain).toHaveURL(new RegExp(`/${slug}$`));

  // With script: the answer shows in place.
  const scripted = await visitor(browser, true);
  await scripted.goto(`/${slug}?utm_source=newsletter-test`);
  const second = newEmail("scripted");
  await scripted.getByLabel("Email address").fill(second);
  await scripted.getByRole("button", { name: "Subscribe" }).click();
  await expect(scripted.getByRole("status")).toHaveText("Nearly done: confirm in your inbox.");
  await expect(scripted).toHaveURL(new RegExp(`/${slug}\\?utm_source=newsletter-test$`));
  await scripted.getByLabel("Email address").fill("not an address");
  await scripted.getByRole("button", { name: "Subscribe" }).click();
  await expect(scripted.getByLabel("Email address")).toHaveJSProperty("validity.valid", false);

  // The email's link opens a page with one button; confirming makes a subscriber.
  await plain.goto(await confirmLinkFor(first));
  await expect(plain.getByRole("heading", { name: "Confirm your subscription to Grace Hopper" })).toBeVisible();
  await expect(plain.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  await plain.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(plain.getByRole("heading", { name: "You're subscribed" })).toBeVisible();

  // The creator's Audience screen.
  await page.goto("/audience");
  await expect(page.getByRole("heading", { name: "Audience" })).toBeVisible();
  await expect(page.getByTestId("count-subscribed")).toHaveText("1");
  await expect(page.getByTestId("count-pending")).toHaveText("1");
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: first })).toContainText("Subscribed");
  await expect(rows.filter({ hasText: second })).toContainText("Pending");
  await expect(rows.filter({ hasText: second })).toContainText("utm_source newsletter-test");
  await page.getByLabel("Search subscribers").fill("scripted");
  await expect(rows.filter({ hasText: first })).toHaveCount(0);
  await page.getByLabel("Search subscribers").fill("");
  await expect(rows.filter({ hasText: first })).toHaveCount(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("email,status,created_at,confirmed_at,unsubscribed_at,referrer,utm_source,country");
  expect(csv).toContain(first);

  await page.getByRole("button", { name: `Remove ${second}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove subscriber" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: second })).toHaveCount(0);
  await expect(page.getByTestId("count-pending")).toHaveText("0");
});

test("the Audience screen says how to add the block when nobody signed up yet", async ({ page }) => {
  await signUpCreator(page, "emptyaudience");
  await page.goto("/audience");
  await expect(page.getByRole("heading", { name: "No subscribers yet" })).toBeVisible();
  await expect(page.getByText("Add an Email Sign-up block on the Links screen: Add Link, then choose Email Sign-up.")).toBeVisible();
});

test("the public page with a sign-up block has no serious or critical axe violations", async ({ page, browser }) => {
  const { slug } = await signUpCreator(page, "axesignup");
  await trpcMutation(page, "link.create", { title: "My shop", url: "https://example.com/shop" });
  await trpcMutation(page, "link.create", { title: "Join my list", link_type: "signup", is_active: true });
  const guest = await visitor(browser, true);
  await guest.goto(`/${slug}`);
  await expect(guest.getByLabel("Email address")).toBeVisible();
  const { violations } = await new AxeBuilder({ page: guest }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});
