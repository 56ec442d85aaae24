import { expect, test } from "@playwright/test";
import { errorBanner, finishOnboarding, forgetSession, holdScripts, logIn, newEmail, PASSWORD, signUp } from "./support";

test("signing up lands on onboarding with a welcome toast", async ({ page }) => {
  await signUp(page);
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();
});

test("sign-up shows every field error together and clears one as it is edited", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Email").fill("fixed@example.com");
  await expect(page.getByText("Please enter a valid email address")).toBeHidden();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
});

test("what is typed before the page has finished loading is kept, on sign-up and log-in", async ({ page, browser, baseURL }) => {
  const email = newEmail("early");
  const releaseRegister = await holdScripts(page);
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  releaseRegister();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();

  // A fresh browser, so no request of the signed-in page still in flight can set its cookie again.
  const guest = await browser.newContext({ baseURL });
  const loginPage = await guest.newPage();
  const releaseLogin = await holdScripts(loginPage);
  await loginPage.goto("/login", { waitUntil: "domcontentloaded" });
  await loginPage.getByLabel("Email").fill(email);
  await loginPage.getByLabel("Password").fill(PASSWORD);
  releaseLogin();
  await loginPage.getByRole("button", { name: "Log in" }).click();
  await expect(loginPage.getByRole("heading", { name: "Welcome to Linkbio!" })).toBeVisible();
  await guest.close();
});

test("signing up twice with the same email shows the server's message", async ({ page }) => {
  const email = await signUp(page);
  await forgetSession(page);
  await page.goto("/register");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(errorBanner(page)).toHaveText("An account with this email already exists");
});

test("log-in validates in order and shows only the first failure", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeHidden();
  await page.getByLabel("Email").fill("someone@example.com");
  await expect(page.getByText("Email is required")).toBeHidden();
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("a wrong password shows the banner and keeps the visitor on /login", async ({ page }) => {
  const email = await signUp(page);
  await forgetSession(page);
  await logIn(page, email, "wrong password!");
  await expect(errorBanner(page)).toHaveText("Invalid credentials");
  await expect(page).toHaveURL(/\/login$/);
});

test("while logging in the form is busy", async ({ page }) => {
  const email = await signUp(page);
  await forgetSession(page);
  await page.route("**/api/auth/callback/credentials**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await logIn(page, email);
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page).toHaveURL(/\/onboarding/);
});

test("logging in with unfinished onboarding goes to /onboarding, finished goes to /dashboard", async ({ page }) => {
  const email = await signUp(page);
  // Requests still in flight when the cookie goes would get 401 and send the page to /login on its own.
  await page.waitForLoadState("networkidle");
  await forgetSession(page);
  await logIn(page, email);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  await finishOnboarding(page);
  await page.waitForLoadState("networkidle");
  await forgetSession(page);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("logging out ends the session and returns to /login", async ({ page }) => {
  await signUp(page);
  await finishOnboarding(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("without Google configured no Google button is offered, and Apple says it is not available", async ({ page }) => {
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Continue with Apple" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await expect(page.getByText("Google sign-in is not configured on this server.")).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Continue with Apple" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(errorBanner(page)).toHaveText("Sign in with Apple is not available. Please use your email and password.");
});

test("an unknown email gets the same banner as a wrong password", async ({ page }) => {
  await logIn(page, newEmail("nobody"));
  await expect(errorBanner(page)).toHaveText("Invalid credentials");
});
