import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { newEmail, PASSWORD, signUpCreator } from "./support";

// Without SMTP_URL the server writes every message to DATA_DIR/outbox/ as an .eml file: the test
// reads them there, as a newcomer would follow the links printed in the log.
const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e", "outbox");

/** The link to `pathname` in the newest message to `to` whose subject matches, once `atLeast` such messages were written. */
async function linkFromMail(to: string, subject: RegExp, pathname: string, atLeast = 1): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort().reverse() : [];
        const links: string[] = [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
          const recipients = [mail.to].flat().flatMap((address) => address?.value.map((entry) => entry.address) ?? []);
          if (!recipients.includes(to) || !subject.test(mail.subject ?? "")) continue;
          const link = (mail.text ?? "").match(/https?:\/\/[^\s)]+/g)?.find((url) => new URL(url).pathname === pathname);
          if (link) links.push(link);
        }
        found = links[0];
        return links.length >= atLeast;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("a forgotten password is reset through the emailed link, and an old session ends", async ({ page, browser }) => {
  const { email } = await signUpCreator(page, "reset");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Links" }).first()).toBeVisible();

  const other = await freshPage(browser);
  await other.goto("/login");
  await other.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(other).toHaveURL(/\/forgot-password$/);
  await other.getByLabel("Email").fill(email);
  await other.getByRole("button", { name: "Send reset link" }).click();
  await expect(other.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await other.goto(await linkFromMail(email, /^Reset your Linkbio password$/, "/reset-password"));
  await other.getByLabel("New Password", { exact: true }).fill("short");
  await other.getByLabel("Confirm New Password").fill("short");
  await other.getByRole("button", { name: "Set new password" }).click();
  await expect(other.getByText("Password must be at least 8 characters")).toBeVisible();
  await other.getByLabel("New Password", { exact: true }).fill("a brand new password");
  await other.getByLabel("Confirm New Password").fill("a brand new password");
  await other.getByRole("button", { name: "Set new password" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto("/links");
  await expect(page).toHaveURL(/\/login/);
  await other.context().close();
});

test("the email address changes only through the link sent to the new address, and the old address can undo it", async ({
  page,
  browser,
}) => {
  const { email } = await signUpCreator(page, "change");
  const next = newEmail("changed");
  await page.goto("/settings");
  await page.getByLabel("New Email Address").fill(next);
  await page.getByLabel("Current Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${next}` })).toBeVisible();
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(email);

  await page.goto(await linkFromMail(next, /^Confirm your new email address/, "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(next);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();

  // The old address's notice undoes it: in another browser, with a new password.
  const owner = await freshPage(browser);
  await owner.goto(await linkFromMail(email, /email address was changed$/, "/revert-email"));
  await expect(owner.getByRole("heading", { name: "Take your account back" })).toBeVisible();
  await owner.getByLabel("New Password", { exact: true }).fill("taken back passphrase");
  await owner.getByLabel("Confirm New Password").fill("taken back passphrase");
  await owner.getByRole("button", { name: "Set new password" }).click();
  await expect(owner).toHaveURL(/\/dashboard/);
  await owner.goto("/settings");
  await expect(owner.getByLabel("Email Address", { exact: true })).toHaveValue(email);
  // The session that made the change has ended.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});

test("the verification banner goes once the link is opened in another browser", async ({ page, browser }) => {
  const { email } = await signUpCreator(page, "verify");
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner).toContainText(`Please verify your email address: we sent a link to ${email}.`);
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();

  const other = await freshPage(browser);
  await other.goto(await linkFromMail(email, /^Confirm your email address/, "/verify-email", 2));
  await expect(other.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await other.context().close();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Links" }).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});
