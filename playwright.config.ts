import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The e2e DNS server listens on the UDP port of the same number as the app's TCP port.
export const E2E_DNS_PORT = PORT;
// tests/e2e/import.spec.ts serves its Linktree-shaped page here; the app may fetch it although it is local.
export const E2E_IMPORT_PORT = PORT + 1001;
// tests/e2e/webhooks.spec.ts receives the app's webhook deliveries here (allowed although it is local and http).
export const E2E_WEBHOOK_PORT = PORT + 2001;
// tests/e2e/players.spec.ts serves fake oEmbed endpoints and pictures here, so saving a player link asks nothing outside.
export const E2E_EMBED_PORT = PORT + 51;
const embedOrigin = `http://127.0.0.1:${E2E_EMBED_PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
// A run on another port builds into its own folder, so parallel runs never replace each other's build.
const DIST_DIR = process.env.E2E_PORT ? `.next-e2e-${PORT}` : ".next";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test: with it on, design, settings and guards (13 tests, one worker)
    // took 70.7 s of browser and worker CPU, without it 49.3 s. CI retries a failed test once and
    // records that retry, so a failure there still comes with its trace; locally (no retries) every
    // failed test keeps its trace as before.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A fresh embedded database every run; `npm start` rebuilds only when sources changed.
    command: `rm -rf ${DATA_DIR} && npm start`,
    url: `http://localhost:${PORT}/login`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      // Visitors in tests come from their own addresses through X-Forwarded-For (one address counts once per hour).
      TRUST_PROXY: "1",
      // A line per request would bury the test report; warnings and errors still show.
      LOG_LEVEL: "warn",
      // Every test signs up from 127.0.0.1; the limits themselves are tested in tests/integration.
      RATE_LIMIT_PASSWORD_PER_MINUTE: "100000",
      RATE_LIMIT_MAILS_PER_HOUR: "100000",
      RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: "100000",
      // Custom domains' TXT records come from the DNS server tests/e2e/custom-domain.spec.ts runs on this UDP port.
      DOMAIN_DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
      RATE_LIMIT_RESETS_PER_HOUR: "1000",
      // Short, so tests/e2e/sudo-mode.spec.ts sees a proof lapse; each test's own sensitive steps come sooner after its sign-in.
      SUDO_MODE_SECONDS: "30",
      IMPORT_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${E2E_IMPORT_PORT}`,
      RATE_LIMIT_IMPORTS_PER_HOUR: "1000",
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${E2E_WEBHOOK_PORT}`,
      OEMBED_YOUTUBE_URL: `${embedOrigin}/youtube`,
      OEMBED_VIMEO_URL: `${embedOrigin}/vimeo`,
      OEMBED_SPOTIFY_URL: `${embedOrigin}/spotify`,
      OEMBED_SOUNDCLOUD_URL: `${embedOrigin}/soundcloud`,
      EMBED_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${E2E_EMBED_PORT}`,
      RATE_LIMIT_SIGNUPS_PER_HOUR: "1000",
    },
    stdout: "pipe",
  },
});
