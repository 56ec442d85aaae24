import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_WEBHOOK_PORT } from "../../playwright.config";
import { signUpCreator } from "./support";

const receiverUrl = `http://127.0.0.1:${E2E_WEBHOOK_PORT}/hooks`;
// The receiver takes one port, so this file's tests run in one worker, in order.
test.describe.configure({ mode: "default" });
let server: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E_WEBHOOK_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function openWebhooks(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  const form = page.getByRole("form", { name: "Add a webhook" });
  await expect(form).toBeVisible();
  return form;
}

test("add a webhook, see its secret once, send a signed test ping, see the delivery, delete it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpCreator(page, "hooks");
  const form = await openWebhooks(page);
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  // Nothing is sent without an address and an event; a private address is refused by the server.
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("URL is required")).toBeVisible();
  await expect(form.getByText("Choose at least one event")).toBeVisible();
  await form.getByLabel("Endpoint URL").fill("https://169.254.169.254/latest");
  await form.getByRole("checkbox", { name: /link\.created/ }).check();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("This address is not on the public internet, so nothing is sent to it")).toBeVisible();

  await form.getByLabel("Endpoint URL").fill(receiverUrl);
  await form.getByRole("button", { name: "Add webhook" }).click();
  const notice = page.getByRole("region", { name: "Your new webhook's secret" });
  await expect(notice).toContainText("it will not be shown again");
  const secret = (await notice.getByLabel("Signing secret").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await notice.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByText("Secret copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await notice.getByRole("button", { name: "Done" }).click();
  await expect(notice).toHaveCount(0);

  const list = page.getByRole("list", { name: "Webhooks" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(receiverUrl);
  await expect(list).toContainText("Active");

  const before = received.length;
  await list.getByRole("button", { name: `Send a test ping to ${receiverUrl}` }).click();
  await expect(page.getByText("Test ping sent")).toBeVisible();
  await expect.poll(() => received.length).toBe(before + 1);
  const ping = received[before]!;
  expect(JSON.parse(ping.body)).toMatchObject({ type: "ping" });
  const [t, v1] = String(ping.headers["linkbio-signature"])
    .split(",")
    .map((part) => part.split("=")[1]);
  expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${ping.body}`).digest("hex"));

  await list.getByRole("button", { name: "Deliveries" }).click();
  const deliveries = page.getByRole("list", { name: `Deliveries to ${receiverUrl}` });
  await expect(deliveries).toContainText("ping");
  await expect(deliveries).toContainText("Delivered (HTTP 200)");

  // Shown once: a fresh load holds the address, never the secret.
  await page.reload();
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(list).toContainText(receiverUrl);
  expect(await page.content()).not.toContain(secret);

  const axe = await new AxeBuilder({ page }).include("form[aria-label='Add a webhook']").analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);

  await list.getByRole("button", { name: `Delete the webhook to ${receiverUrl}` }).click();
  await expect(page.getByText("Webhook deleted")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});
