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
  return email;
}

/** Finishes onboarding through the same API call the complete step makes. */
export async function finishOnboarding(page: Page): Promise<void> {
  const response = await page.request.post("/api/trpc/profile.completeOnboarding", {
    data: superjson.serialize(undefined),
  });
  expect(response.ok()).toBe(true);
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
