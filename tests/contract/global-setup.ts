import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import type { TestProject } from "vitest/node";
import { startTestDnsServer } from "../../scripts/test-dns-server";

/**
 * Starts the app as `npm start` does (building first when the sources changed) on a free port of
 * 3700 and above, with a fresh database, a known AUTH_SECRET, a local Google key set and a CORS
 * allow-list; the test files reach it over HTTP only.
 */

export const ALLOWED_ORIGIN = "https://client.example.com";
export const GOOGLE_CLIENT_ID = "contract-client.apps.googleusercontent.com";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    authSecret: string;
    googlePrivateJwk: Record<string, unknown>;
    /** POST {"name", "values"} here to set TXT records on the app's DNS server (custom domains). */
    dnsControlUrl: string;
    /** The server's DATA_DIR: without SMTP_URL its messages are .eml files in outbox/. */
    dataDir: string;
    /** A local receiver the app may deliver webhooks to (WEBHOOK_ALLOWED_PRIVATE_HOSTS); it answers 204. */
    webhookReceiverUrl: string;
  }
}

function freePort(from: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => {
      if (from < 3999) void freePort(from + 1).then(resolve, reject);
      else reject(new Error("No free port"));
    });
    probe.listen(from, "0.0.0.0", () => probe.close(() => resolve(from)));
  });
}

async function waitUntilReady(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 540_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited (${app.exitCode}) before it was ready:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The app did not answer ${url} in time:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const keys = await generateKeyPair("RS256", { extractable: true });
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: "contract-key", alg: "RS256", use: "sig" }] });
  const keyServer: Server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(jwks));
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));

  // The app asks this DNS server for custom domains' TXT records; the test files set them over HTTP.
  const dns = await startTestDnsServer();
  const dnsControl: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { name, values } = JSON.parse(body) as { name: string; values: string[] | null };
      dns.setTxt(name, values);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => dnsControl.listen(0, "127.0.0.1", resolve));

  const webhookReceiver: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => webhookReceiver.listen(0, "127.0.0.1", resolve));
  const webhookHost = `127.0.0.1:${(webhookReceiver.address() as AddressInfo).port}`;

  const port = await freePort(3700 + Math.floor(Math.random() * 200));
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkbio-contract-"));
  const authSecret = randomBytes(32).toString("base64");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    CORS_ORIGINS: `${ALLOWED_ORIGIN}, http://localhost:9999`,
    GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/certs`,
    NEXT_TELEMETRY_DISABLED: "1",
    // Every test signs up and logs in from 127.0.0.1; the limits themselves are tested in tests/integration.
    RATE_LIMIT_PASSWORD_PER_MINUTE: "100000",
    RATE_LIMIT_MAILS_PER_HOUR: "100000",
    RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: "100000",
    RATE_LIMIT_CLICKS_PER_MINUTE: "100000",
    // Low enough that tests/contract/error-codes.test.ts reaches it with one token; each token counts alone.
    RATE_LIMIT_API_TOKEN_PER_MINUTE: "30",
    DOMAIN_DNS_SERVERS: dns.address,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: webhookHost,
  };
  // The embedded database and addresses derived from the request, whatever the shell has set.
  for (const name of ["DATABASE_URL", "APP_URL", "NEXTAUTH_URL", "TRUST_PROXY", "NODE_ENV"]) delete env[name];
  const cwd = path.resolve(import.meta.dirname, "../..");
  let log = "";
  let app: ChildProcess | undefined;
  const launch = () => {
    // Its own process group, so stopping it also stops the server that scripts/start.ts spawns.
    const child = spawn("npx", ["tsx", "scripts/start.ts"], { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"], env });
    const collect = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
      if (process.env.CONTRACT_LOG) process.stderr.write(chunk);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    return child;
  };

  const stop = async () => {
    if (app && app.exitCode === null && app.pid) {
      const running = app;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      try {
        process.kill(-running.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (running.exitCode === null) process.kill(-running.pid!, "SIGKILL");
    }
    keyServer.close();
    dnsControl.close();
    webhookReceiver.close();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://localhost:${port}`;
  try {
    // Someone else building in the same .next folder makes our build stop ("Another next build
    // process is already running", or odd file errors): wait and retry. NEXT_DIST_DIR, passed
    // through, gives the suite a build folder of its own.
    let failedBuilds = 0;
    for (let attempt = 1; ; attempt++) {
      log = "";
      app = launch();
      try {
        await waitUntilReady(`${baseUrl}/api/v1/openapi.json`, app, () => log);
        break;
      } catch (error) {
        const busy = /Another next build process is already running/.test(log);
        const buildFailed = /Build error occurred/.test(log);
        if (attempt >= 40 || !(busy || (buildFailed && (failedBuilds += 1) < 3))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 15_000));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("authSecret", authSecret);
  project.provide("dnsControlUrl", `http://127.0.0.1:${(dnsControl.address() as AddressInfo).port}/`);
  project.provide("dataDir", dataDir);
  project.provide("webhookReceiverUrl", `http://${webhookHost}/hooks`);
  project.provide("googlePrivateJwk", (await exportJWK(keys.privateKey)) as Record<string, unknown>);
  return stop;
}
