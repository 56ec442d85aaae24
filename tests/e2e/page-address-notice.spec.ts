import { expect, test } from "@playwright/test";
import superjson from "superjson";
import { signUpCreator } from "./support";

// The e2e server runs without APP_URL, on localhost: the address a creator is given is a loopback
// one, which no visitor can open, so every place that hands it out says so.
test("the dashboard, the Share panel and the custom-domain panel warn that a loopback page address reaches no visitor", async ({
  page,
}) => {
  const { slug } = await signUpCreator(page, "notice");

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share your page" });
  // The address as the Share panel gives it, whatever form page-address.ts gives it.
  const field = dialog.getByRole("textbox", { name: "Page address" });
  await expect(field).toHaveValue(/^http:\/\/localhost:\d+\//);
  const address = await field.inputValue();
  await expect(dialog.getByRole("note", { name: "Unreachable address" })).toContainText(`Visitors cannot open ${address}`);
  await page.keyboard.press("Escape");

  const dashboardNotice = page.getByRole("note", { name: "Unreachable address" });
  await expect(dashboardNotice).toContainText(`Visitors cannot open ${address}: localhost only reaches the computer it is typed on.`);
  await expect(dashboardNotice).toContainText("Set APP_URL to the address visitors use");

  await page.goto("/design");
  await page.getByRole("tab", { name: "Advanced" }).click();
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Custom domain" }) });
  await expect(panel.getByRole("note", { name: "Unreachable address" })).toContainText("Set APP_URL");
  // An apex domain gets no CNAME, and no record pointing at localhost: the panel says why instead.
  await panel.getByLabel("Domain").fill(`notice-${slug.replace(/_/g, "-")}.com`);
  await panel.getByRole("button", { name: "Connect domain" }).click();
  await expect(panel.getByText("localhost is this server's own loopback name")).toBeVisible();
  await expect(panel.getByText("CNAME", { exact: true })).toBeHidden();
  await expect(panel.getByText("If your DNS provider offers ALIAS or ANAME records")).toBeVisible();
});

test("reached on another host while APP_URL is unset, the notice names that host", async ({ page }) => {
  await signUpCreator(page, "lanhost");
  const answer = await page.request.get("/api/trpc/share.addressNotice", { headers: { host: "192.168.1.5:3000" } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
  const { notice } = superjson.deserialize<{ notice: string }>(body.result.data);
  expect(notice).toContain("APP_URL is not set, so your page address names this computer rather than 192.168.1.5:3000");
});
