import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import superjson from "superjson";

export const PASSWORD = "correct horse battery";

export function newEmail(label = "e2e"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs up through the form, as a person would; ends on /onboarding. */
export async function signUp(page: Page, email = newEmail()): Promise<string> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/onboarding/);
  // Settled: the app's own refresh after sign-in has rendered, so the next navigation is not raced.
  await expect(page.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();
  return email;
}

/**
 * Signs up through the calls the form makes (tRPC's register, then next-auth's credentials sign-in,
 * as its client sends it), without loading /register and /onboarding: for tests about what comes
 * after. The browser's context holds the session. Sign-up itself is tested through the form (signUp).
 */
async function signUpThroughApi(page: Page, email: string): Promise<void> {
  await trpcMutation(page, "auth.register", { email, password: PASSWORD, password_confirm: PASSWORD });
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await page.request.post("/api/auth/callback/credentials", {
    form: { email, password: PASSWORD, csrfToken, json: "true" },
  });
  expect(answer.ok(), `sign-in after sign-up: ${answer.status()}`).toBe(true);
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } } | null;
  expect(session?.user?.email).toBe(email);
}

/** Finishes onboarding through the same API call the complete step makes. */
export async function finishOnboarding(page: Page): Promise<void> {
  const response = await page.request.post("/api/trpc/profile.completeOnboarding", {
    data: superjson.serialize(undefined),
  });
  expect(response.ok()).toBe(true);
}

/**
 * Drops the session, as a visitor who never signed in: the page is left first, so no request of
 * the signed-in page still in flight can set the session cookie again after it is cleared.
 */
export async function forgetSession(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The page's error banner (Next's empty route announcer also has role=alert). */
export function errorBanner(page: Page) {
  return page.getByRole("alert").filter({ hasText: /\S/ });
}

/** Calls a tRPC mutation as the signed-in browser does, and returns its result. */
export async function trpcMutation<T = unknown>(page: Page, path: string, input?: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: superjson.serialize(input) });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
  return superjson.deserialize<T>(body.result.data);
}

/** Calls a tRPC query as the signed-in browser does, and returns its result. */
export async function trpcQuery<T = unknown>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/trpc/${path}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
  return superjson.deserialize<T>(body.result.data);
}

/** A signed-up creator with a profile at a fresh slug and onboarding finished. */
export async function signUpCreator(page: Page, label = "creator"): Promise<{ email: string; slug: string }> {
  const email = newEmail(label);
  await signUpThroughApi(page, email);
  const slug = `${label.replace(/[^a-z0-9]/g, "")}_${randomUUID().slice(0, 6)}`;
  await trpcMutation(page, "profile.updateSlug", { slug });
  await finishOnboarding(page);
  return { email, slug };
}

/**
 * Resolves once `text` has been on screen for one frame, checked every animation frame from now on, so a
 * toast shown just before a page reload is still seen; expect's own polling can step over so short a life.
 */
export function shownBeforeReload(page: Page, text: string): Promise<unknown> {
  return page.waitForFunction((wanted) => document.body.innerText.includes(wanted), text, { polling: "raf", timeout: 10_000 });
}

/**
 * Holds the page's scripts back until the returned function is called, so the page can be used while
 * the server's HTML (parsed in full: no script runs before the first paint) is all there is.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
