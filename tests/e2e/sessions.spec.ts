import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { logIn, PASSWORD, signUpCreator } from "./support";

/** The session cookie a browser holds, as a Cookie header to replay later. */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookies = (await context.cookies()).filter((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(cookies).toHaveLength(1);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** What the server makes of a replayed cookie: tRPC's answer and next-auth's session. */
async function replay(request: APIRequestContext, cookie: string) {
  const trpc = await request.get("/api/trpc/auth.me", { headers: { cookie } });
  const session = await request.get("/api/auth/session", { headers: { cookie } });
  return { trpcStatus: trpc.status(), session: (await session.json()) as { user?: { id: string } } };
}

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A second browser, signed in to the same account, that tells the server it is a phone. */
async function secondDevice(browser: Browser, baseURL: string | undefined, email: string, password = PASSWORD) {
  const context = await browser.newContext({ ...devices["Desktop Chrome"], userAgent: ANDROID_CHROME, baseURL });
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);
  return { context, page };
}

async function openSecurity(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  return page.getByRole("list", { name: "Active sessions" });
}

test.describe("Sessions", () => {
  test("a new password ends the other device's cookie, and this device stays signed in", async ({ page, browser, baseURL, request }) => {
    const { email } = await signUpCreator(page, "newpass");
    const other = await secondDevice(browser, baseURL, email);
    const otherCookie = await sessionCookie(other.context);
    expect((await replay(request, otherCookie)).trpcStatus).toBe(200);

    const sessions = await openSecurity(page);
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    await page.getByLabel("Current Password").fill(PASSWORD);
    await page.getByLabel("New Password", { exact: true }).fill("a fresh passphrase");
    await page.getByLabel("Confirm New Password").fill("a fresh passphrase");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully")).toBeVisible();

    const refused = await replay(request, otherCookie);
    expect(refused.trpcStatus).toBe(401);
    expect(refused.session.user).toBeUndefined();
    await other.page.goto("/dashboard");
    await expect(other.page).toHaveURL(/\/login/);

    // This device signed in again with the new password: one session, its own.
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).toContainText("This device");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard/);
    await other.context.close();
  });

  test("'Sign out of all other sessions' ends the other device's cookie at once", async ({ page, browser, baseURL, request }) => {
    const { email } = await signUpCreator(page, "others");
    const other = await secondDevice(browser, baseURL, email);
    const otherCookie = await sessionCookie(other.context);
    const ownCookie = await sessionCookie(page.context());

    const sessions = await openSecurity(page);
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    const thisDevice = sessions.getByRole("listitem").filter({ hasText: "This device" });
    await expect(thisDevice).toHaveCount(1);
    await expect(sessions.getByRole("listitem").filter({ hasText: "Android" })).toContainText("Chrome");
    await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
    await expect(page.getByText("Signed out of all other sessions")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);

    const refused = await replay(request, otherCookie);
    expect(refused.trpcStatus).toBe(401);
    expect(refused.session.user).toBeUndefined();
    await other.page.goto("/links");
    await expect(other.page).toHaveURL(/\/login/);
    await other.page.goto("/dashboard");
    await expect(other.page).toHaveURL(/\/login/);

    const kept = await replay(request, ownCookie);
    expect(kept.trpcStatus).toBe(200);
    expect(kept.session.user?.id).toBeTruthy();
    await other.context.close();
  });

  test("a signed-out cookie replayed later is refused", async ({ page, request }) => {
    await signUpCreator(page, "signout");
    await page.goto("/dashboard");
    const cookie = await sessionCookie(page.context());
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login/);

    const refused = await replay(request, cookie);
    expect(refused.trpcStatus).toBe(401);
    expect(refused.session.user).toBeUndefined();
    const dashboard = await request.get("/dashboard", { headers: { cookie }, maxRedirects: 0 });
    expect(dashboard.status()).toBe(307);
    expect(dashboard.headers().location).toMatch(/\/login$/);
  });
});

test("a sign-in with another site's callbackUrl lands on this app's /dashboard", async ({ page, request, baseURL }) => {
  const { email } = await signUpCreator(page, "callback");
  for (const callbackUrl of ["https://evil.example/phish", "//evil.example", "http://["]) {
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const answer = await request.post("/api/auth/callback/credentials", {
      form: { email, password: PASSWORD, csrfToken, callbackUrl, json: "true" },
    });
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { url: string }).url).toBe(`${baseURL}/dashboard`);
  }
});
